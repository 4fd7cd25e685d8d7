// Checked by `npm run typecheck`, never run: a special node missing a direction does not compile
// (issue 48 #1), as a block does not (body-blocks.type-test.ts). Each `@ts-expect-error` fails the
// check if the line below it ever compiles.
import type { AnySpecialNode, NodeEditor } from './special-node.ts';
import { nodeTable, type SpecialNodeType, type StoredNodeOf } from './body-nodes.ts';
import { pictureNodeModule } from './nodes/picture.ts';
import { tableNodeModule } from './nodes/table.ts';

const { toMarkdown: _markdown, ...withoutMarkdown } = tableNodeModule;
// @ts-expect-error a special node without its Markdown writer is no special node
export const noMarkdown: AnySpecialNode = withoutMarkdown;

const { fromHtml: _reader, ...withoutReader } = pictureNodeModule;
// @ts-expect-error nor one without its HTML reader (the Markdown import reads through it too)
export const noReader: AnySpecialNode = withoutReader;

const { sanitize: _entries, css: _css, ...withoutLook } = tableNodeModule;
// @ts-expect-error nor one without its sanitiser entries and its page style
export const noLook: AnySpecialNode = withoutLook;

const { editor: _editor, toHtml: _html, ...withoutCms } = pictureNodeModule;
// @ts-expect-error nor one without its CMS feature and its HTML
export const noCms: AnySpecialNode = withoutCms;

// @ts-expect-error nor one whose CMS fields name a field its stored shape does not have
export const strayField: typeof pictureNodeModule = { ...pictureNodeModule, editor: { feature: 'upload', collection: 'media', fields: [{ name: 'credit', type: 'text', maxLength: 10 }] } };

// @ts-expect-error nor one whose CMS feature is none the CMS maps (cms/src/rich-text/nodes.ts)
export const strayFeature: NodeEditor = { feature: 'relationship' };

// @ts-expect-error a picture's HTML reads a picture's stored shape, not a table's
export const wrongShape: typeof pictureNodeModule = { ...pictureNodeModule, toHtml: (node: StoredNodeOf<'table'>) => String(node.children.length) };

// @ts-expect-error a direction's table by type misses no special node
export const missingTable: Record<SpecialNodeType, string> = { upload: '' };

export const everyNode: Record<SpecialNodeType, string> = nodeTable((node) => node.editor.feature);
