import { siteOwnOldAddress } from '@app/shared/browser';
import type { ArticleUploadOptions, ImportPreviewItem } from '@app/shared/schemas';
import { slugify, type ArticleCandidate } from './article-candidate.ts';

/** What the site already holds, read once per upload: categories, and every article (drafts too). */
export type ImportTargets = {
  categories: { slug: string; title: string }[];
  /** A draft may have no title yet (the CMS keeps an autosaved "Create New" without one). */
  articles: { id: number; title?: string | null; publishDate?: string | null; sourceSlug?: string | null; sourceSite?: string | null }[];
};

export type PlannedArticle = {
  candidate: ArticleCandidate;
  /** None only for a draft that names none, when the admin chose no default category. */
  category: { slug: string; title?: string } | null;
  /** The article on the site this one updates (the admin chose "update"). */
  replaces?: number;
  /** Its old addresses that can lead to it: none of this site's own paths (issue 47 #5). */
  oldAddresses: string[];
  /** Why old addresses were left out, for the preview and the import's report alike. */
  addressWarnings: string[];
  /** What the preview says about it (the address warnings among them). */
  warnings: string[];
};

export type ImportPlan = { articles: PlannedArticle[]; duplicates: { file: string; reason: string }[]; errors: { file: string; message: string }[] };

const sameDay = (a?: string | null, b?: string | null) => Boolean(a && b && a.slice(0, 10) === b.slice(0, 10));
const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
/** How the admin is told which article of the site an upload's article is. */
const named = (a: ImportTargets['articles'][number]) => `${a.title?.trim() ? `“${a.title.trim()}”` : 'an untitled draft'} (article ${a.id})`;

/**
 * The category (issue 40): the first declared category the site knows, else the first declared
 * one (made new); else the first tag that is a category of the site; else the admin's default.
 * Tags never make new categories. None of these → the article cannot be imported.
 */
function chooseCategory(c: ArticleCandidate, targets: ImportTargets, fallback: string | undefined): { slug: string; title?: string } | null {
  const known = (name: string) => targets.categories.find((k) => k.slug === slugify(name)) ?? targets.categories.find((k) => norm(k.title) === norm(name));
  const declared = c.terms.categories.filter((n) => slugify(n));
  // Our own export names the category's slug too: it is that category, or made new with it.
  const ours = c.categorySlug ? targets.categories.find((k) => k.slug === c.categorySlug) : undefined;
  if (ours) return ours;
  for (const name of declared) {
    const hit = known(name);
    if (hit) return hit;
  }
  if (declared[0]) return { slug: c.categorySlug ?? slugify(declared[0]), title: declared[0].trim().slice(0, 100) };
  for (const tag of c.terms.tags) {
    const hit = known(tag);
    if (hit) return hit;
  }
  return fallback ? (targets.categories.find((k) => k.slug === fallback) ?? { slug: fallback }) : null;
}

type SiteArticle = ImportTargets['articles'][number];

/**
 * The site's articles by source slug and by title (trimmed, lower case), each list in the site's
 * order, so an upload's article is compared only with those that could be it. Comparing each with
 * every article on the site grew with the product of the two: 1.3 s of the API's one thread for the
 * 5,000-article benchmark's last 1,000 onto 4,000 (0.15 s now), several for thousands onto
 * thousands, while nobody else was answered.
 */
function indexSite(articles: readonly SiteArticle[]) {
  const bySlug = new Map<string | null | undefined, SiteArticle[]>();
  const byTitle = new Map<string, SiteArticle[]>();
  const add = <K,>(map: Map<K, SiteArticle[]>, key: K, a: SiteArticle) => {
    const list = map.get(key);
    if (list) list.push(a);
    else map.set(key, [a]);
  };
  for (const a of articles) {
    add(bySlug, a.sourceSlug, a);
    add(byTitle, norm(a.title), a);
  }
  return { withSlug: (slug: string) => bySlug.get(slug) ?? [], titled: (title: string) => byTitle.get(title) ?? [] };
}

/**
 * Settles every article of an upload against the site: its category, and whether it is already
 * there (the same source slug from the same old site; when either site is unknown, the same slug
 * with the same title or day, or the same title on the same day), then skipped or updated as the admin
 * chose. Two articles of one upload with the same source slug keep apart (the second gets "-2").
 */
export function planImport(candidates: ArticleCandidate[], targets: ImportTargets, options: Pick<ArticleUploadOptions, 'onDuplicate' | 'defaultCategory'>): ImportPlan {
  const plan: ImportPlan = { articles: [], duplicates: [], errors: [] };
  const seen = new Set<string>();
  const site = indexSite(targets.articles);
  for (const c of candidates) {
    let slug = c.sourceSlug;
    for (let n = 2; seen.has(slug); n++) slug = `${c.sourceSlug}-${n}`;
    seen.add(slug);
    const candidate = { ...c, sourceSlug: slug };
    // Within one old site a slug is the article; across sites (or when a site is unknown) a slug
    // alone is too common ("hello-world") and must agree with the title or the day.
    // Two untitled drafts are not the same article by their (missing) title.
    const title = norm(c.title);
    const sameTitle = (a: SiteArticle) => title !== '' && norm(a.title) === title;
    const bothKnown = (a: SiteArticle) => Boolean(a.sourceSite && c.sourceSite);
    const existing =
      site.withSlug(slug).find((a) => (bothKnown(a) ? a.sourceSite === c.sourceSite : sameTitle(a) || sameDay(a.publishDate, c.publishDate))) ??
      (title === '' ? undefined : site.titled(title).find((a) => !(bothKnown(a) && a.sourceSite !== c.sourceSite) && sameDay(a.publishDate, c.publishDate)));
    // Known before its category matters: an article already on the site is skipped as such.
    if (existing && options.onDuplicate === 'skip') {
      plan.duplicates.push({ file: c.file, reason: `already on the site as ${named(existing)}` });
      continue;
    }
    const category = chooseCategory(candidate, targets, options.defaultCategory);
    // A draft comes in as it stands, without a category (issue 47 #8: a content export's draft
    // saved before its category was chosen round-trips); what is published needs one.
    if (!category && c.published) {
      plan.errors.push({ file: c.file, message: 'no category: it declares none, none of its tags is a category here, and no default category was chosen' });
      continue;
    }
    const settled = settleOldAddresses(c.oldAddresses);
    const { kept } = settled;
    const addressWarnings = [...(c.unreadAddresses ?? []), ...settled.addressWarnings];
    const warnings = [...c.warnings, ...addressWarnings];
    if (category && !targets.categories.some((k) => k.slug === category.slug)) warnings.push(`New category "${category.title ?? category.slug}" will be created`);
    if (!c.published) warnings.push(category ? 'A draft: imported unpublished' : 'A draft without a category: imported unpublished, without one');
    if (existing) warnings.push(`Updates ${named(existing)}, already on the site`);
    plan.articles.push({ candidate, category, replaces: existing?.id, oldAddresses: kept, addressWarnings, warnings });
  }
  return plan;
}

/**
 * An article's old addresses without those that are one of this site's own paths — a page such as
 * /auth or /subscribe, a file, a path the edges send to the API — where a redirect would take over
 * the site's page; each left out with a warning. (The article's links are still settled against
 * all of them.)
 */
function settleOldAddresses(addresses: readonly string[]): { kept: string[]; addressWarnings: string[] } {
  const own = new Set<string>();
  const kept = addresses.filter((a) => {
    const taken = siteOwnOldAddress(a);
    if (taken) own.add(taken);
    return !taken;
  });
  return { kept, addressWarnings: [...own].map((a) => `The old address ${a} is one of this site’s own paths, so it cannot lead to this article; it is left out`) };
}

export function previewItem(p: PlannedArticle): ImportPreviewItem {
  const c = p.candidate;
  return { file: c.file, title: c.title, category: p.category?.slug ?? '', membershipRequired: c.membershipRequired, publishDate: c.publishDate ?? null, published: c.published, warnings: p.warnings };
}

export function previewError(e: { file: string; message: string }): ImportPreviewItem {
  return { file: e.file, title: '', category: '', membershipRequired: 'free', publishDate: null, published: false, warnings: [], error: e.message };
}
