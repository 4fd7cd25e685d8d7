import type { ArticleUploadOptions, ImportPreviewItem } from '@app/shared/schemas';
import { slugify, type ArticleCandidate } from './article-candidate.ts';

/** What the site already holds, read once per upload: categories, and every article (drafts too). */
export type ImportTargets = {
  categories: { slug: string; title: string }[];
  articles: { id: number; title: string; publishDate?: string | null; sourceSlug?: string | null }[];
};

export type PlannedArticle = {
  candidate: ArticleCandidate;
  category: { slug: string; title?: string };
  /** The article on the site this one updates (the admin chose "update"). */
  replaces?: number;
  warnings: string[];
};

export type ImportPlan = { articles: PlannedArticle[]; duplicates: { file: string; reason: string }[]; errors: { file: string; message: string }[] };

const sameDay = (a?: string | null, b?: string | null) => Boolean(a && b && a.slice(0, 10) === b.slice(0, 10));
const norm = (s: string) => s.trim().toLowerCase();

/**
 * The category: one named outright (our `category`), else the first category or tag that the
 * site knows (by slug or title), else a new one made from the first tag (or category), else the
 * admin's default. None of these → the article cannot be imported.
 */
function chooseCategory(c: ArticleCandidate, targets: ImportTargets, fallback: string | undefined): { slug: string; title?: string } | null {
  const known = (slug: string) => targets.categories.find((k) => k.slug === slug);
  if (c.category) return known(c.category) ?? { slug: c.category };
  const names = [...c.terms.categories, ...c.terms.tags];
  for (const name of names) {
    const hit = known(slugify(name)) ?? targets.categories.find((k) => norm(k.title) === norm(name));
    if (hit) return hit;
  }
  const made = c.terms.tags[0] ?? c.terms.categories[0];
  if (made && slugify(made)) return { slug: slugify(made), title: made.trim().slice(0, 100) };
  return fallback ? (known(fallback) ?? { slug: fallback }) : null;
}

/**
 * Settles every article of an upload against the site: its category, and whether it is already
 * there (same source slug with the same title or day, or same title on the same day), then skipped or updated as the admin
 * chose. Two articles of one upload with the same source slug keep apart (the second gets "-2").
 */
export function planImport(candidates: ArticleCandidate[], targets: ImportTargets, options: Pick<ArticleUploadOptions, 'onDuplicate' | 'defaultCategory'>): ImportPlan {
  const plan: ImportPlan = { articles: [], duplicates: [], errors: [] };
  const seen = new Set<string>();
  for (const c of candidates) {
    let slug = c.sourceSlug;
    for (let n = 2; seen.has(slug); n++) slug = `${c.sourceSlug}-${n}`;
    seen.add(slug);
    const candidate = { ...c, sourceSlug: slug };
    const category = chooseCategory(candidate, targets, options.defaultCategory);
    if (!category) {
      plan.errors.push({ file: c.file, message: 'no category: it names no category or tag, and no default category was chosen' });
      continue;
    }
    const warnings = [...c.warnings];
    if (!targets.categories.some((k) => k.slug === category.slug)) warnings.push(`New category "${category.title ?? category.slug}" will be created`);
    if (!c.published) warnings.push('A draft: imported unpublished');
    // A slug alone is too common ("first-post") to be sure across two old sites: it must agree with the title or the day.
    const sameTitle = (a: ImportTargets['articles'][number]) => norm(a.title) === norm(c.title);
    const existing =
      targets.articles.find((a) => a.sourceSlug === slug && (sameTitle(a) || sameDay(a.publishDate, c.publishDate))) ??
      targets.articles.find((a) => sameTitle(a) && sameDay(a.publishDate, c.publishDate));
    if (existing && options.onDuplicate === 'skip') {
      plan.duplicates.push({ file: c.file, reason: `already on the site as “${existing.title}” (article ${existing.id})` });
      continue;
    }
    if (existing) warnings.push(`Updates “${existing.title}” (article ${existing.id}), already on the site`);
    plan.articles.push({ candidate, category, replaces: existing?.id, warnings });
  }
  return plan;
}

export function previewItem(p: PlannedArticle): ImportPreviewItem {
  const c = p.candidate;
  return { file: c.file, title: c.title, category: p.category.slug, membershipRequired: c.membershipRequired, publishDate: c.publishDate ?? null, published: c.published, warnings: p.warnings };
}

export function previewError(e: { file: string; message: string }): ImportPreviewItem {
  return { file: e.file, title: '', category: '', membershipRequired: 'free', publishDate: null, published: false, warnings: [], error: e.message };
}
