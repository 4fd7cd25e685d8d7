// Backyard activities (spec 02 §2 "Backyard", §6, §9): fifteen articles for Pro and above. The
// list is public; an article's body reaches only readers of BACKYARD_TIER, from the API.
import type { Tier } from './tiers.ts';

/** The lowest tier that reads backyard articles (spec 02 §6 "Pro reads backyard articles"). */
export const BACKYARD_TIER: Tier = 'pro';
/** The spec's 15 articles (02 §9). */
export const BACKYARD_ARTICLE_COUNT = 15;
/** The skeleton shows while the body loads, for at most this long before the page waits openly (02 §9). */
export const BACKYARD_SKELETON_MS = 1000;
export const BACKYARD_PATH = '/fun-and-games/backyard';

/**
 * An article's address (spec 02 §2): the lower-cased title, each run of characters that are not
 * letters or digits turned into one hyphen, hyphens at either end trimmed. Accents are folded to
 * their letter first ("Café" → "cafe"), so addresses stay plain where the title allows.
 */
export function backyardSlug(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

export function backyardArticlePath(slug: string): string {
  return `${BACKYARD_PATH}/${encodeURIComponent(slug)}`;
}

/** What everyone sees of a backyard article (the list's cards, the page's head). */
export type BackyardSummary = { id: number; slug: string; title: string; summary: string; thumbnail: string | null; timeNeeded: string };
/** GET /api/backyard/{slug}: the body, for Pro and above only. */
export type BackyardArticle = BackyardSummary & { content: string };
