// Server-only (unified is not for the browser): import from '@app/shared/server'.
import type { Root } from 'hast';
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import type { SanitizerEntries } from './rich-text/body-block.ts';
import { BODY_BLOCKS } from './rich-text/body-blocks.ts';
import { BODY_NODES } from './rich-text/body-nodes.ts';
import { linkFootnotes } from './rich-text/footnote-anchors.ts';
import { renderInlineMath } from './rich-text/inline-math.ts';

type Attributes = NonNullable<SanitizeSchema['attributes']>;
type Definition = Attributes[string][number];

const nameOf = (d: Definition) => (typeof d === 'string' ? d : d[0]);

/** Attribute lists joined; one property allowed by value in two lists allows the values of both. */
function joinDefinitions(into: Definition[], more: readonly Definition[]): Definition[] {
  const out = [...into];
  for (const d of more) {
    const i = out.findIndex((o) => nameOf(o) === nameOf(d));
    const had = out[i];
    if (i < 0 || had === undefined) out.push(d);
    else if (typeof had !== 'string' && typeof d !== 'string') out[i] = [had[0], ...had.slice(1), ...d.slice(1)] as Definition;
  }
  return out;
}

/** GitHub's allowlist, then each entry's tags and attributes. */
function withEntries(base: SanitizeSchema, entries: readonly SanitizerEntries[]): SanitizeSchema {
  const tagNames = new Set(base.tagNames ?? []);
  const attributes: Attributes = { ...base.attributes };
  for (const entry of entries) {
    for (const tag of entry.tagNames ?? []) tagNames.add(tag);
    for (const [tag, list] of Object.entries(entry.attributes ?? {})) attributes[tag] = joinDefinitions(attributes[tag] ?? [], list);
  }
  return { ...base, tagNames: [...tagNames], attributes };
}

/**
 * GitHub's allowlist (rehype-sanitize's default: no scripts, styles, event handlers or
 * javascript: links), plus exactly what the article body's own nodes render to (issue 40 #1):
 * each special node's entries (rich-text/nodes/: figures with responsive pictures, scrollable
 * tables) and each block's (rich-text/blocks/: highlighted code, callouts, the video facade…). Roles, data
 * attributes and styles are allowed by value, never freely, and no class is added (a class list
 * filtered to nothing would leave class="" where the body had none before). No frame, button or
 * script ever comes from content: the facade's player is built by the page's own script from a
 * checked data-embed-src.
 */
export const ARTICLE_HTML_SCHEMA: SanitizeSchema = withEntries(defaultSchema, [...BODY_NODES, ...BODY_BLOCKS].map((entry) => entry.sanitize));

// Footnotes' marks and ways back get the anchors they point at, under the sanitiser's id prefix (rich-text/footnote-anchors.ts).
const htmlToSafeHtml = unified()
  .use(rehypeParse, { fragment: true })
  .use(() => (tree: Root) => linkFootnotes(tree))
  // Inline mathematics (`$…$` inline code) drawn with KaTeX, whose output the math block's entries admit (rich-text/inline-math.ts).
  .use(() => (tree: Root) => renderInlineMath(tree))
  .use(rehypeSanitize, ARTICLE_HTML_SCHEMA)
  .use(rehypeStringify);

/** The one sanitizer for article HTML, wherever it is produced (the CMS's save hook, the ZIP import). */
export function sanitizeArticleHtml(html: string): string {
  return String(htmlToSafeHtml.processSync(html));
}
