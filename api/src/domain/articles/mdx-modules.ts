import type { Root, RootContent } from 'mdast';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const markdown = unified().use(remarkParse);

// MDX's `import` and `export` statements (its ESM) are the page's JavaScript, not its text. MDX
// reads them only where a paragraph could start at the top level of the document
// (https://mdxjs.com/docs/what-is-mdx/#esm): never inside code, a list or a quote. So the body is
// parsed as Markdown, and only top-level paragraphs that begin with the keyword are taken out
// (issue 49 #2: a pattern over the text deleted every such line of the posts' code blocks).
const ESM = /^(?:import|export)(?=[\s{*])/;
// A JSX component (<Chart />, <Callout>) as MDX writes it: a capitalised tag outside code.
const COMPONENT = /<[A-Z]/;

/** An MDX body without its import and export statements; whether it uses components (which the sanitiser drops). */
export function withoutMdxModules(source: string): { text: string; components: boolean } {
  const tree = markdown.parse(source) as Root;
  const cuts: [number, number][] = [];
  for (const node of tree.children) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (node.type === 'paragraph' && start !== undefined && end !== undefined && ESM.test(source.slice(start, end))) cuts.push([start, end]);
  }
  let text = source;
  for (const [start, end] of cuts.reverse()) text = text.slice(0, start) + text.slice(end);
  return { text, components: tree.children.some(hasComponent) };
}

function hasComponent(node: RootContent): boolean {
  if (node.type === 'html') return COMPONENT.test(node.value);
  return 'children' in node && (node.children as RootContent[]).some(hasComponent);
}
