// Videos: what visitors may see of a gated video, the saved lists, and the channel sync's merge
// rule. Zod-free, for pages, islands, the API and the CMS alike.
import type { Video } from './content.ts';
import { can, type Viewer } from './permissions.ts';

/** The channel's own thumbnail, for videos without an uploaded picture (spec 01 §3). */
export function videoThumbnail(v: Pick<Video, 'imageUrl' | 'externalId'>): string {
  return v.imageUrl ?? (v.externalId ? `https://i.ytimg.com/vi/${v.externalId}/hqdefault.jpg` : '/placeholder.svg');
}

/**
 * The picture of a gated video for those who may not play it: a poster we draw ourselves (the site
 * serves it; pages write the title over it). The channel's thumbnail address carries the video's
 * id, and the id is all it takes to watch it on the channel.
 */
export const LOCKED_VIDEO_POSTER = '/video-locked.svg';

/** A picture an editor uploaded is ours to show, unless its name gives the id away. */
function ownPicture(v: Video): string | null {
  const ours = v.imageUrl?.startsWith('/media/') ? v.imageUrl : null;
  return ours && !(v.externalId && ours.includes(v.externalId)) ? ours : null;
}

/** What everyone may see: a gated video keeps its title and words, but nothing that leads to its player. */
export function publicVideo(v: Video): Video {
  if (v.membershipRequired === 'free') return v;
  return { ...v, imageUrl: ownPicture(v) ?? LOCKED_VIDEO_POSTER, externalId: null, videoUrl: null };
}

/** A video as this viewer may see it: whole when their tier reads it, else its public view. */
export function videoFor(viewer: Viewer, v: Video): Video {
  return can(viewer, 'read', v) ? v : publicVideo(v);
}

// Where a video may be watched: https on YouTube or Vimeo, nothing else (no `javascript:`, no
// look-alike hosts, no credentials or ports).
const VIDEO_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtu.be', 'youtube-nocookie.com', 'www.youtube-nocookie.com', 'vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/** Whether an editor's or the channel's video address may be stored and linked to. */
export function isAllowedVideoUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return false;
  }
  return url.protocol === 'https:' && VIDEO_HOSTS.has(url.hostname) && !url.port && !url.username && !url.password;
}

export const VIDEO_URL_RULE = 'Use an https address on YouTube (youtube.com, youtu.be, youtube-nocookie.com) or Vimeo.';

/** The privacy-enhanced player address (no cookies until the viewer plays). */
export function embedUrl(externalId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(externalId)}?autoplay=1&rel=0`;
}

export const SAVED_LISTS = ['favorites', 'watch-later'] as const;
export type SavedList = (typeof SAVED_LISTS)[number];

/** The spec's texts for the two lists (01 §8). */
export const SAVED_LIST_TEXT: Record<SavedList, { added: string; removed: string; addFailed: string; removeFailed: string; fetchFailed: string; empty: string; title: string }> = {
  favorites: { added: 'Added to favorites', removed: 'Removed from favorites', addFailed: 'Failed to add to favorites', removeFailed: 'Failed to remove from favorites', fetchFailed: 'Failed to fetch favorite videos', empty: 'No favorites yet', title: 'My Favorites' },
  'watch-later': { added: 'Added to watch later', removed: 'Removed from watch later', addFailed: 'Failed to add to watch later', removeFailed: 'Failed to remove from watch later', fetchFailed: 'Failed to fetch watch later videos', empty: 'Your watch later list is empty', title: 'Watch Later' },
};

/** Video search (spec 01 §5): a case-insensitive substring of the title or the description. */
export function matchesVideo(v: Pick<Video, 'title' | 'description'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || v.title.toLowerCase().includes(q) || v.description.toLowerCase().includes(q);
}

/** The channel sync asks for at most this many videos (spec 02 §9). */
export const YOUTUBE_MAX_RESULTS = 50;

/** The fields the channel sync writes. `membershipRequired` is the editors' alone. */
export const SYNCED_VIDEO_FIELDS = ['title', 'description', 'imageUrl', 'videoUrl', 'publishDate', 'views', 'duration', 'author'] as const;
export type SyncedVideoField = (typeof SYNCED_VIDEO_FIELDS)[number];
export type SyncedVideoValues = { title: string; description: string; imageUrl: string | null; videoUrl: string; publishDate: string; views: number; duration: string; author: string };
/** One video from the channel, with what the previous sync wrote for it (null when it never did). */
export type SyncedVideo = { externalId: string; values: SyncedVideoValues; previous: SyncedVideoValues | null };
export type SyncOutcome = { externalId: string; id: number; outcome: 'added' | 'updated' | 'unchanged'; kept: SyncedVideoField[] };

// The channel's statistics: editors have no reason to write them, so they follow the channel even
// on a video the sync did not create.
const STATISTICS: SyncedVideoField[] = ['views', 'duration'];

function same(a: unknown, b: unknown): boolean {
  if ((a ?? '') === (b ?? '')) return true;
  if (typeof a === 'string' && typeof b === 'string' && !Number.isNaN(Date.parse(a)) && /^\d{4}-/.test(a)) return Date.parse(a) === Date.parse(b);
  return false;
}

/**
 * What a sync may write into an existing video: a field still as the previous sync left it
 * follows the channel; a field an editor changed since is kept (and reported as kept). A video the
 * sync never wrote (an editor's, or the seed's) takes only the channel's statistics and fills
 * empty fields.
 */
export function videoSyncPatch(current: Partial<Record<SyncedVideoField, unknown>>, incoming: SyncedVideo): { patch: Partial<SyncedVideoValues>; kept: SyncedVideoField[] } {
  const patch: Partial<Record<SyncedVideoField, unknown>> = {};
  const kept: SyncedVideoField[] = [];
  for (const field of SYNCED_VIDEO_FIELDS) {
    const next = incoming.values[field];
    if (same(current[field], next)) continue;
    const ours = incoming.previous ? same(current[field], incoming.previous[field]) : STATISTICS.includes(field) || same(current[field], null);
    if (ours) patch[field] = next;
    else kept.push(field);
  }
  return { patch: patch as Partial<SyncedVideoValues>, kept };
}

/** The values to remember after a sync: what it wrote, and for kept fields what it wrote before. */
export function rememberedValues(incoming: SyncedVideo, kept: SyncedVideoField[]): SyncedVideoValues {
  const remembered = { ...incoming.values } as Record<SyncedVideoField, unknown>;
  for (const field of kept) remembered[field] = incoming.previous?.[field] ?? null;
  return remembered as SyncedVideoValues;
}

/** ISO 8601 durations from the YouTube Data API ("PT1H2M3S") as the site shows them ("1:02:03", "09:58"). */
export function formatIsoDuration(iso: string | null | undefined): string {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(iso ?? '');
  if (!m) return '00:00';
  const hours = Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0);
  const [min, sec] = [Number(m[3] ?? 0), Number(m[4] ?? 0)];
  const two = (n: number) => String(n).padStart(2, '0');
  return hours ? `${hours}:${two(min)}:${two(sec)}` : `${two(min)}:${two(sec)}`;
}
