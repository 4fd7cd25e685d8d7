// Checked by `npm run typecheck`, never run: a block missing a direction does not compile
// (issue 48 #1). Each `@ts-expect-error` fails the check if the line below it ever compiles.
import type { AnyBodyBlock } from './body-block.ts';
import { blockTable, type BlockSlug } from './body-blocks.ts';
import { calloutBlock } from './blocks/callout.ts';

type Callout = typeof calloutBlock;

const { toMarkdown: _markdown, ...withoutMarkdown } = calloutBlock;
// @ts-expect-error a block without its Markdown writer is no block
export const noMarkdown: Callout = withoutMarkdown;

const { fromHtml: _reader, ...withoutReader } = calloutBlock;
// @ts-expect-error nor one without its HTML reader (the Markdown import reads through it too)
export const noReader: AnyBodyBlock = withoutReader;

const { sanitize: _entries, css: _css, ...withoutLook } = calloutBlock;
// @ts-expect-error nor one without its sanitiser entries and its page style
export const noLook: AnyBodyBlock = withoutLook;

// @ts-expect-error nor one whose CMS fields name a field its stored shape does not have
export const strayField: Callout = { ...calloutBlock, fields: [{ name: 'speaker', type: 'text', maxLength: 10 }] };

// @ts-expect-error a direction's table by slug misses no block
export const missingCallout: Record<BlockSlug, string> = { code: '', embed: '' };

export const everyBlock: Record<BlockSlug, string> = blockTable((block) => block.labels.singular);
