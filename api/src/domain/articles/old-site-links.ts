// Links to the old site's pages that this import does not bring (issue 49 #5): a link that names the
// old site (its own origin, or a path) but no article of the import would be dead on the new site,
// so it keeps the old site's absolute address — the origin its generator's configuration states
// (Jekyll's `url`, Hugo's `baseURL`, Astro's `site`; Ghost's and WordPress's exports) — with a warning naming it.
import type { ArticleCandidate } from './article-candidate.ts';

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * A link of the article's body that points at the old site but at none of the import's articles:
 * the old site's absolute address for it (`url`), or, when the old site's address is not known,
 * the link as written (`url` undefined). Null: the link is to another site, an anchor on the
 * page, mail, or one of the import's articles (settle-body.ts points those at their new pages).
 */
export function outsideTheArchive(href: string, c: ArticleCandidate, imported: (pathname: string) => boolean): { url?: string } | null {
  const link = href.trim();
  if (!link || link.startsWith('#') || link.startsWith('?')) return null;
  const absolute = /^(https?:)?\/\//i.test(link);
  if (!absolute && SCHEME.test(link)) return null;
  // Relative to the page it was on: its first old address, else the site's root.
  const here = c.oldAddresses[0] ?? '/';
  let url: URL;
  try {
    url = new URL(link, new URL(here.startsWith('/') ? here : `/${here}`, c.sourceSite ?? 'https://old-site.invalid'));
  } catch {
    return null;
  }
  if (absolute && (!c.sourceSite || url.origin !== c.sourceSite)) return null;
  if (imported(url.pathname)) return null;
  return c.sourceSite ? { url: url.href } : {};
}

/** The warning for an article's links kept on the old site, naming them (the first five). */
export function oldSiteLinksWarning(kept: string[], site: string | undefined): string[] {
  if (!kept.length) return [];
  const named = kept.slice(0, 5).join(', ') + (kept.length > 5 ? ` and ${kept.length - 5} more` : '');
  return site
    ? [`Links to pages of the old site that are not in this import keep the old site's address (they work while it is online): ${named}`]
    : [`Links to pages of the old site that are not in this import lead nowhere here, and the old site's address is not known (its configuration names none): ${named}`];
}
