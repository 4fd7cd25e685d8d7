// The article body's blocks (issue 48 #1): the one list every direction's table is built from —
// the CMS's toolbar and HTML converters, the page's styles, the sanitiser, the Markdown export
// and the importer's reader. A new block is its module in blocks/ and one line here.
import type { BlockNode } from '../content-nodes.ts';
import { blockNodeOf, type AnyBodyBlock, type BlockFields, type BodyBlock } from './body-block.ts';
import { calloutBlock } from './blocks/callout.ts';
import { codeBlock } from './blocks/code.ts';
import { embedBlock } from './blocks/embed.ts';
import { mathBlock } from './blocks/math.ts';
import { quotationBlock } from './blocks/quotation.ts';
import { BODY_NODES } from './body-nodes.ts';

/** In the editor's toolbar in this order; the importer asks them in this order too (a callout before a quotation: both claim quotes; mathematics before code: both claim <pre><code>). */
export const BODY_BLOCKS = [mathBlock, codeBlock, embedBlock, calloutBlock, quotationBlock] as const satisfies readonly AnyBodyBlock[];

type ListedBlock = (typeof BODY_BLOCKS)[number];
export type BlockSlug = ListedBlock['slug'];
/** A block's module by its slug. */
export type BodyBlockOf<S extends BlockSlug> = Extract<ListedBlock, { slug: S }>;
/** A block's own stored fields (beside Payload's id, blockName and blockType). */
export type OwnFieldsOf<S extends BlockSlug> = BodyBlockOf<S> extends BodyBlock<S, infer Own> ? Own : never;
/** A block's stored fields. */
export type BlockFieldsOf<S extends BlockSlug> = BlockFields<S, OwnFieldsOf<S>>;

/** One direction of every block, as a table by slug: a block without it does not compile. */
export function blockTable<T>(direction: (block: AnyBodyBlock) => T): Record<BlockSlug, T> {
  return Object.fromEntries(BODY_BLOCKS.map((block) => [block.slug, direction(block)])) as Record<BlockSlug, T>;
}

/** The block a stored node names, or null when no module is listed for its slug (an export refuses it). */
export function bodyBlockOf(blockType: unknown): AnyBodyBlock | null {
  return (BODY_BLOCKS as readonly AnyBodyBlock[]).find((b) => b.slug === blockType) ?? null;
}

/** A stored block node of any listed block (tests and the importer): its own fields, a new id unless given. */
export const blockNode = <S extends BlockSlug>(slug: S, own: OwnFieldsOf<S> & { id?: string }): BlockNode<BlockFieldsOf<S>> => blockNodeOf(slug, own) as BlockNode<BlockFieldsOf<S>>;

/** Every special node's and block's page style, in the site's `components` layer (site/src/components/body-block-styles.astro). */
export const bodyBlockCss = (): string => `@layer theme, base, components, utilities;\n@layer components {\n${[...BODY_NODES, ...BODY_BLOCKS].map((b) => b.css).join('\n')}\n}`;
