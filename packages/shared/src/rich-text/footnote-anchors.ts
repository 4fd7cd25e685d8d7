// Footnotes linked both ways (issue 49 #5). A body stores a footnote's mark as a link to `#fn-X`
// and the note's way back as a link to `#fnref-X` (Lexical's links have no ids); the page's HTML
// gets the anchors they point at here, before the sanitiser: the k-th mark of note X is
// `fnref-X` (then `fnref-X-k`, as GFM numbers them), and the note's first way back is `fn-X`.
// The sanitiser prefixes every id with `user-content-` (GitHub's clobbering), so the links point
// at the prefixed ids. No script: plain fragment links.
import type { Element, Root, RootContent } from 'hast';

const PREFIX = 'user-content-';

/**
 * A footnote link's address as a body stores it (`#fn-X`, `#fnref-X`), from what generators
 * write: GFM's `#user-content-fn-X` (remark, GitHub), kramdown's and Hugo's `#fn:X`, Pandoc's
 * `#fn1`. Null: not a footnote link.
 */
export function footnoteHref(href: string): string | null {
  const m = /^#(?:user-content-)?fn(ref)?(?:[-:]([\w.:-]{1,80})|(\d{1,6}(?:[-:]\d{1,6})?))$/.exec(href);
  if (!m) return null;
  return `#fn${m[1] ?? ''}-${(m[2] ?? m[3]!).replace(/:/g, '-')}`;
}

const anchors = (node: Root | Element, out: Element[]) => {
  for (const child of node.children as RootContent[]) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'a' && typeof child.properties?.href === 'string' && footnoteHref(child.properties.href)) out.push(child);
    else anchors(child, out);
  }
  return out;
};

/** Gives a body's footnote marks and ways back their ids and points them at the sanitised ids (a rehype transform; run again, it gives the same). */
export function linkFootnotes(tree: Root): void {
  const links = anchors(tree, []).map((a) => ({ a, href: footnoteHref(String(a.properties.href))! }));
  const marks = new Map<string, number>();
  for (const { a, href } of links) {
    delete a.properties.id;
    if (!href.startsWith('#fn-')) continue;
    const note = href.slice('#fn-'.length);
    const k = (marks.get(note) ?? 0) + 1;
    marks.set(note, k);
    a.properties.id = k === 1 ? `fnref-${note}` : `fnref-${note}-${k}`;
  }
  const placed = new Set<string>();
  for (const { a, href } of links) {
    a.properties.href = `#${PREFIX}${href.slice(1)}`;
    const note = href.startsWith('#fnref-') ? href.slice('#fnref-'.length) : null;
    if (note === null || !marks.has(note) || placed.has(note)) continue;
    placed.add(note);
    a.properties.id = `fn-${note}`;
  }
}
