import { DEFAULT_SOLD_TIER, tierLabel, tierRank, TIERS, type Tier } from '@app/shared/browser';
import { decodeEntities, excerptFrom, fitTitle, slugify, type ImageRef } from './article-candidate.ts';
import { articleDate } from './parse-date.ts';
import { lexicalToHtml, mobiledocToHtml } from './ghost-body-html.ts';
import { renderArticleHtml } from './render-article-html.ts';
import type { ReadOutcome } from './read-outcome.ts';

type Id = string | number;
type GhostPost = {
  id: Id; title?: string; slug?: string; html?: string | null; lexical?: string | null; mobiledoc?: string | null;
  custom_excerpt?: string | null; feature_image?: string | null; type?: string; page?: number | boolean;
  status?: string; visibility?: string; published_at?: string | number | null; created_at?: string | number | null; author_id?: Id;
};
type GhostData = {
  posts?: GhostPost[];
  tags?: { id: Id; name: string; slug?: string }[];
  posts_tags?: { post_id: Id; tag_id: Id; sort_order?: number }[];
  users?: { id: Id; name: string }[];
  posts_authors?: { post_id: Id; author_id: Id; sort_order?: number }[];
  products?: { id: Id; name?: string; type?: string }[];
  posts_products?: { post_id: Id; product_id: Id }[];
  settings?: { key?: string; value?: unknown }[];
};

/** The `data` of a Ghost export (`{ db: [{ meta, data }] }`, or `{ meta, data }` from older versions), else null. */
export function ghostExportData(json: unknown): GhostData | null {
  const root = json as { db?: { data?: GhostData }[]; data?: GhostData } | null;
  const data = root?.db?.[0]?.data ?? root?.data;
  return data && Array.isArray(data.posts) ? data : null;
}

/** Ghost writes its own address as __GHOST_URL__; its images then sit under content/images in a ZIP beside the export. */
function imageRef(url: string | null | undefined): ImageRef | undefined {
  if (!url) return undefined;
  if (url.startsWith('__GHOST_URL__/')) return { archivePath: url.slice('__GHOST_URL__/'.length) };
  return /^https?:\/\//i.test(url) ? { url } : undefined;
}

/** A name as its words, lower-cased, each with a space either side: " vip circle ". */
const words = (name: string) => ` ${name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(' ')} `;
/** Our tiers above the first, highest first, each with the words that name it: its id, name and badge. */
const NAMED_TIERS = TIERS.slice(1)
  .map((tier) => ({ tier, names: [tier, tierLabel(tier), tierLabel(tier, 'badge')].map(words) }))
  .reverse();

/**
 * Visibility → tier: public and members → the first tier (anyone may join free), paid → the lowest
 * sold tier; "tiers" → the lowest tier that one of the post's Ghost tiers maps to: a tier named
 * like one of ours ("VIP Circle") is that tier, another paid tier the lowest sold one, a free tier
 * the first.
 */
function tierOf(post: GhostPost, data: GhostData): Tier {
  if (post.visibility === 'paid') return DEFAULT_SOLD_TIER;
  if (post.visibility !== 'tiers') return TIERS[0];
  const ids = new Set((data.posts_products ?? []).filter((l) => l.post_id === post.id).map((l) => l.product_id));
  const tiers = (data.products ?? []).filter((p) => ids.has(p.id)).map((p): Tier => {
    if (p.type === 'free') return TIERS[0];
    const name = words(p.name ?? '');
    return NAMED_TIERS.find((n) => n.names.some((w) => name.includes(w)))?.tier ?? DEFAULT_SOLD_TIER;
  });
  return tiers.sort((a, b) => tierRank(a) - tierRank(b))[0] ?? DEFAULT_SOLD_TIER;
}

/**
 * A Ghost JSON export (Settings → Labs → Export) → articles: posts (pages only when asked) with
 * title, slug, body (HTML, else the Lexical or Mobiledoc document), custom excerpt, published
 * date, feature image, tags (the primary one first), authors, tier from visibility, and
 * drafts, scheduled and email-only posts unpublished.
 */
export async function readGhostExport(file: string, data: GhostData, opts: { includePages: boolean }, notes: string[] = []): Promise<ReadOutcome> {
  const out: ReadOutcome = { candidates: [], errors: [], skipped: [] };
  const tagsById = new Map((data.tags ?? []).map((t) => [t.id, t]));
  const usersById = new Map((data.users ?? []).map((u) => [u.id, u.name]));
  const url = data.settings?.find((s) => s.key === 'url')?.value;
  let site: string | undefined;
  try {
    site = typeof url === 'string' ? new URL(url).origin : undefined;
  } catch {
    site = undefined;
  }
  let pages = 0;
  for (const post of data.posts ?? []) {
    const isPage = post.type === 'page' || post.page === true || post.page === 1;
    const label = `${file} › ${post.slug ?? post.title ?? post.id}`;
    if (isPage && !opts.includePages) {
      pages++;
      continue;
    }
    try {
      const source = post.html?.trim() ? post.html : post.lexical ? lexicalToHtml(post.lexical) : post.mobiledoc ? mobiledocToHtml(post.mobiledoc) : '';
      const { html, body, warnings: rendering } = await renderArticleHtml(source.replaceAll('__GHOST_URL__', ''), 'html');
      if (!html.trim()) throw new Error('the post has no body');
      const tags = (data.posts_tags ?? [])
        .filter((l) => l.post_id === post.id)
        .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
        .map((l) => tagsById.get(l.tag_id)?.name)
        // Ghost's internal tags (#hash) are for themes, not readers.
        .filter((n): n is string => Boolean(n) && !n!.startsWith('#'));
      const authors = (data.posts_authors ?? [])
        .filter((l) => l.post_id === post.id)
        .sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))
        .map((l) => usersById.get(l.author_id))
        .filter(Boolean);
      if (authors.length === 0 && post.author_id !== undefined && usersById.has(post.author_id)) authors.push(usersById.get(post.author_id));
      const warnings: string[] = [...notes, ...rendering];
      if (post.status === 'scheduled') warnings.push('Scheduled in Ghost: imported unpublished, with its date');
      const when = post.published_at ?? post.created_at ?? undefined;
      // Old exports (Ghost 0.x) write dates as milliseconds since 1970; a date that is none needs one.
      const publishDate = typeof when === 'number' ? (Number.isFinite(new Date(when).getTime()) ? new Date(when).toISOString() : articleDate(String(when), warnings)) : articleDate(when, warnings);
      out.candidates.push({
        file: label,
        title: fitTitle(decodeEntities(post.title?.trim() ?? '') || 'Untitled', warnings),
        html,
        body,
        excerpt: excerptFrom(post.custom_excerpt ?? undefined, html),
        author: authors.length ? authors.join(', ').slice(0, 100) : undefined,
        // The primary tag (the first) is the category, whether the site knows it or not; the others stay tags.
        terms: { categories: tags.slice(0, 1), tags: tags.slice(1) },
        membershipRequired: tierOf(post, data),
        publishDate,
        published: post.status === 'published' && publishDate !== null,
        sourceSlug: slugify(post.slug ?? post.title ?? String(post.id)) || String(post.id),
        image: imageRef(post.feature_image),
        sourceSite: site,
        // Ghost's default route is /{slug}/.
        oldAddresses: post.slug ? [`/${post.slug}/`] : [],
        warnings,
      });
    } catch (err) {
      out.errors.push({ file: label, message: (err as Error).message });
    }
  }
  if (pages) out.skipped.push({ file, reason: `${pages} page${pages === 1 ? '' : 's'} (not articles; choose "Include pages" to import them)` });
  return out;
}
