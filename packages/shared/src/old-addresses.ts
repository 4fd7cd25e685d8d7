/**
 * Old addresses (DESIGN §7.22): the paths imported articles had on the creator's previous site.
 * The CMS stores each in its normal form; the site server looks a request up in the same form and
 * answers 301 to the article's page, or 410 when the article was deleted. One form for both sides,
 * so `/2019/03/04/My-Post/`, `/2019/03/04/my-post`, `/2019/03/04/my-post.html` and
 * `/2019/03/04/my-post/index.html` are one address (static hosts serve all of them alike).
 */
import { isSiteOwnPath } from './site-paths.ts';

const MAX_LENGTH = 500;

/**
 * The normal form of an old address, or null when it cannot be one: not a path, the home page, or
 * a path of this site's own — one of its pages or files, or one the edges send to another service
 * (site-paths.ts) — with or without a query: an old address there would take the page over. The
 * home page with a query (WordPress's `/?p=123`) is an old address: the home page reads no query.
 */
export function normaliseOldAddress(raw: string): string | null {
  const normal = normalForm(raw);
  return normal && !isOwn(normal) ? normal : null;
}

/** An address the import leaves out because it is one of this site's own paths (its normal form), or null. */
export function siteOwnOldAddress(raw: string): string | null {
  const normal = normalForm(raw);
  return normal && isOwn(normal) ? normal : null;
}

const isOwn = (normal: string) => !normal.startsWith('/?') && isSiteOwnPath(normal.includes('?') ? normal.slice(0, normal.indexOf('?')) : normal);

function normalForm(raw: string): string | null {
  let value = raw.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      value = url.pathname + url.search;
    } catch {
      return null;
    }
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.length > MAX_LENGTH * 3) return null;
  const hash = value.indexOf('#');
  if (hash !== -1) value = value.slice(0, hash);
  const q = value.indexOf('?');
  let path = q === -1 ? value : value.slice(0, q);
  const query = q === -1 ? '' : value.slice(q + 1);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is kept as written.
  }
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  path = path
    .replace(/\/{2,}/g, '/')
    .replace(/\/index\.html?$/i, '/')
    .replace(/\.html?$/i, '')
    .toLowerCase();
  if (path.length > 1) path = path.replace(/\/+$/, '');
  const normal = query ? `${path}?${query}` : path;
  if (normal === '/' || normal.length > MAX_LENGTH) return null;
  return normal;
}

/** An old address as the CMS stores it (REST, depth 0): its article's id, or null once that article is deleted. */
export type CmsOldAddress = { id: number; path: string; article?: number | { id: number } | null };

/** The article an old address leads to (REST may populate it), or null once that article is deleted. */
export const oldAddressArticle = (row: Pick<CmsOldAddress, 'article'>): number | null => (typeof row.article === 'object' && row.article ? row.article.id : (row.article ?? null));

/** What a request for an old address gets: 301 to a published article, 410 once the article is deleted, 404 while it is not published. */
export const oldAddressAnswer = (articleId: number | null, published: (id: number) => boolean): 301 | 404 | 410 => (articleId === null ? 410 : published(articleId) ? 301 : 404);

/** What the site server answers for old addresses: moved ones (301) with their new page, and gone ones (410). */
export type OldAddressTable = { moved: Record<string, string>; gone: string[] };

/**
 * The table from the stored addresses and the ids of the published articles. An address whose
 * article exists but is not published (a draft) is in neither list: it answers 404 until then.
 */
export function oldAddressTable(rows: readonly CmsOldAddress[], publishedArticleIds: ReadonlySet<number>): OldAddressTable {
  const moved: Record<string, string> = {};
  const gone: string[] = [];
  for (const row of rows) {
    const path = normaliseOldAddress(row.path);
    if (!path) continue;
    const article = oldAddressArticle(row);
    const answer = oldAddressAnswer(article, (id) => publishedArticleIds.has(id));
    if (answer === 410) gone.push(path);
    else if (answer === 301) moved[path] = `/articles/${article}`;
  }
  return { moved, gone };
}

/**
 * A request's answer from the table: where it moved, that it is gone, or nothing (an ordinary 404).
 * `/?p=123` is an address of its own; `/my-post/?utm_source=feed` is `/my-post`'s — except with
 * `exact` (asked before the site's pages: issue 47 #5), where a request is only its own exact form,
 * so an address without a query never answers a request that has one.
 */
export function lookUpOldAddress(table: { moved: ReadonlyMap<string, string>; gone: ReadonlySet<string> }, requestUrl: string, options: { exact?: boolean } = {}): { status: 301; location: string } | { status: 410 } | null {
  const full = normaliseOldAddress(requestUrl);
  if (!full) return null;
  const q = full.indexOf('?');
  for (const path of q === -1 || options.exact ? [full] : [full, full.slice(0, q)]) {
    const location = table.moved.get(path);
    if (location) return { status: 301, location };
    if (table.gone.has(path)) return { status: 410 };
  }
  return null;
}

/**
 * One old address in Admin → Articles: the article it leads to, and what a request for it gets —
 * 301 to a published article, 410 once the article was deleted, 404 while the article is a draft.
 */
export type AdminOldAddress = { path: string; articleId: number | null; articleTitle: string | null; answer: 301 | 404 | 410 };
