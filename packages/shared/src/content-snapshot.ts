// One publishing snapshot (DESIGN §3): the content the API's read model holds, with a version.
// The site build reads the same snapshot, so a page and /api show the same content version.
import { createHash } from 'node:crypto';
import { UNTITLED, type ContentRecords } from './cms-documents.ts';
import { articleTiming, type ScheduledArticle } from './content.ts';

export type ContentSnapshot = {
  /** A hash of the content: the same content has the same version on every API instance. */
  version: string;
  loadedAt: string;
  records: ContentRecords;
};

export function contentVersion(records: ContentRecords): string {
  return createHash('sha256').update(JSON.stringify(records)).digest('hex').slice(0, 16);
}

/**
 * What is on the site at `at` (DESIGN §7.21): a published article whose publish date is still to
 * come is scheduled, and one past its unpublish date is off the site; neither is in the records
 * every page, list, feed, search and the assistant read. `schedule` keeps the times at which that
 * changes next (the scheduled-publishing job reloads the content then) and the scheduled articles
 * (Admin → Articles lists them).
 */
export function visibleAt(records: ContentRecords, at: string): ContentRecords {
  const now = Date.parse(at);
  const upcoming = new Set<string>();
  const scheduled: ScheduledArticle[] = [];
  // A date the CMS stored is valid; anything else counts as none.
  const iso = (value: string | null | undefined) => (value && Number.isFinite(Date.parse(value)) ? new Date(value).toISOString() : null);
  const articles = records.articles.filter((a) => {
    const timing = articleTiming(a, now);
    const until = iso(a.unpublishDate);
    if (timing === 'scheduled') {
      const from = iso(a.publishDate)!;
      upcoming.add(from);
      scheduled.push({ id: a.id, title: a.title || UNTITLED, publishDate: from, unpublishDate: until });
    } else if (timing === 'live' && until) upcoming.add(until);
    return timing === 'live';
  });
  return { ...records, articles, schedule: { upcoming: [...upcoming].sort(), articles: scheduled.sort((a, b) => a.publishDate.localeCompare(b.publishDate)) } };
}

export type ContentSchedule = { upcoming: string[]; articles: ScheduledArticle[] };

/** The snapshot of what the site shows at `loadedAt` (its version changes when a scheduled time passes and the content is read again). */
export function toSnapshot(records: ContentRecords, loadedAt: string): ContentSnapshot {
  const visible = visibleAt(records, loadedAt);
  return { version: contentVersion(visible), loadedAt, records: visible };
}
