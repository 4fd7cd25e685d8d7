// The article body's special nodes (issue 48 #1): Lexical's own nodes that are the body's own in
// every direction, as the blocks are (body-blocks.ts) — the CMS's editor features and HTML
// converters, the page's styles, the sanitiser, the Markdown export and the importer's reader are
// each built from this one list. A new one is its module in nodes/ and one line here.
import type { AnySpecialNode, SpecialNode } from './special-node.ts';
import { pictureNodeModule } from './nodes/picture.ts';
import { tableNodeModule } from './nodes/table.ts';

/** In the editor's toolbar in this order; the importer asks them in this order, after every block. */
export const BODY_NODES = [pictureNodeModule, tableNodeModule] as const satisfies readonly AnySpecialNode[];

type ListedNode = (typeof BODY_NODES)[number];
export type SpecialNodeType = ListedNode['type'];
/** A special node's module by its Lexical type. */
export type SpecialNodeOf<T extends SpecialNodeType> = Extract<ListedNode, { type: T }>;
/** A special node's stored shape. */
export type StoredNodeOf<T extends SpecialNodeType> = SpecialNodeOf<T> extends SpecialNode<T, infer Node> ? Node : never;

/** One direction of every special node, as a table by type: a node without it does not compile. */
export function nodeTable<T>(direction: (node: AnySpecialNode) => T): Record<SpecialNodeType, T> {
  return Object.fromEntries(BODY_NODES.map((node) => [node.type, direction(node)])) as Record<SpecialNodeType, T>;
}

/** The special node a stored node's type names, or null when none is listed (a block, or Lexical's plain nodes). */
export function specialNodeOf(type: unknown): AnySpecialNode | null {
  return (BODY_NODES as readonly AnySpecialNode[]).find((n) => n.type === type) ?? null;
}
