// Self Help Studies (spec 02 §2, §3 "Resource card"): seven resources from the CMS, each with an
// intro video. A premium resource's video reaches only STUDY_PREMIUM_TIER and above, from the API.
import type { Tier } from './tiers.ts';
import { embedUrl } from './videos.ts';

/** The tier a premium study's intro video needs. */
export const STUDY_PREMIUM_TIER: Tier = 'pro';

export function studyTier(resource: { isPremium: boolean }): Tier {
  return resource.isPremium ? STUDY_PREMIUM_TIER : 'free';
}

/** A resource card as everyone sees it: the video only on free resources (premium ones ask the API). */
export type StudyResource = { id: number; title: string; description: string; thumbnail: string | null; isPremium: boolean; videoUrl: string | null };
/** GET /api/study-resources/{id}: the intro video when the viewer may watch it. */
export type StudyResourceDetail = StudyResource & { locked: boolean; embedUrl: string | null };

/**
 * The privacy-enhanced player for a YouTube or Vimeo address (youtube-nocookie.com; Vimeo with
 * do-not-track), or null for an address it cannot embed. Loaded only when the viewer presses play.
 */
export function introVideoEmbed(videoUrl: string | null): string | null {
  if (!videoUrl) return null;
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^(www|m)\./, '');
  let youtubeId: string | null = null;
  if (host === 'youtu.be') youtubeId = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') youtubeId = url.searchParams.get('v') ?? /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1] ?? null;
  if (youtubeId && /^[\w-]{1,64}$/.test(youtubeId)) return embedUrl(youtubeId);
  const vimeoId = (host === 'vimeo.com' || host === 'player.vimeo.com') && /(\d+)\/?$/.exec(url.pathname)?.[1];
  return vimeoId ? `https://player.vimeo.com/video/${vimeoId}?autoplay=1&dnt=1` : null;
}
