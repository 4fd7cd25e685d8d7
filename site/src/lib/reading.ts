import type { PublicInteractiveData } from '@app/shared/schemas';

type Guide = PublicInteractiveData['characterGuides'][number];

/** Reading progress 0–100 from the scroll position (spec 01 §4). */
export function scrollProgress(scrollTop: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, Math.round((scrollTop / scrollable) * 100)));
}

/** Whether a guide's trigger has been reached: start above 0, middle at 50, end at 90, a number at itself. */
export function guideTriggered(triggerAt: Guide['triggerAt'], progress: number): boolean {
  if (triggerAt === 'start') return progress > 0;
  if (triggerAt === 'middle') return progress >= 50;
  if (triggerAt === 'end') return progress >= 90;
  return progress >= triggerAt;
}

/** Guides appear 1000 ms + 500 ms × their index after triggering, alternating left and right. */
export const guideDelay = (index: number) => 1000 + 500 * index;
export const guideSide = (index: number): 'left' | 'right' => (index % 2 === 0 ? 'left' : 'right');

/**
 * The category page's table of contents (spec 01 §2): articles grouped by the title prefix before
 * a colon, where a prefix counts only when longer than 3 characters and shared by at least 2 articles.
 */
export function tableOfContents<T extends { title: string }>(articles: T[]): { topic: string; articles: T[] }[] {
  const prefix = (title: string) => {
    const i = title.indexOf(':');
    return i > 0 ? title.slice(0, i).trim() : null;
  };
  const counts = new Map<string, number>();
  for (const a of articles) {
    const p = prefix(a.title);
    if (p && p.length > 3) counts.set(p, (counts.get(p) ?? 0) + 1);
  }
  const groups = new Map<string, T[]>();
  for (const a of articles) {
    const p = prefix(a.title);
    const topic = p && (counts.get(p) ?? 0) >= 2 ? p : 'Other Articles';
    groups.set(topic, [...(groups.get(topic) ?? []), a]);
  }
  return [...groups].map(([topic, list]) => ({ topic, articles: list })).sort((a, b) => Number(a.topic === 'Other Articles') - Number(b.topic === 'Other Articles'));
}

const commentFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** "MMM d, yyyy • h:mm a", plus "(edited)" when updated after creation. */
export function commentDate(createdAt: string, updatedAt: string): string {
  const d = new Date(createdAt);
  const edited = new Date(updatedAt).getTime() - d.getTime() > 1000;
  return `${commentFormat.format(d)} • ${timeFormat.format(d)}${edited ? ' (edited)' : ''}`;
}
