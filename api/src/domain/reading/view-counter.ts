import { hash, randomBytes } from 'node:crypto';
import { isoDay } from '@app/shared/browser';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';

/** Beacons one address may send a minute (issue 47 #3): a reader opens far fewer pages; more is a script. */
export const BEACONS_PER_MINUTE = 30;
/** Distinct (address, article) pairs remembered a day per instance: past it no new reading is counted that day (memory stays bounded). */
const SEEN_MAX = 500_000;
const FLUSH_EVERY_MS = 1000;

export type ViewOutcome = 'counted' | 'not-counted' | 'too-many';

/**
 * The view counter of one API instance (issues 47 #3, 53 #3): at most one reading per article per
 * client address per day, counted in memory and added to the daily counts in one statement about
 * once a second — no row updated per view. Addresses are never kept: each is replaced at once by
 * a keyed hash under a random key that lives in memory only and changes every day (UTC), so yesterday's
 * set cannot be matched to anyone and nothing of it is stored or logged. Every instance adds its
 * own increments (`views + excluded.views`), so several instances sum; one address reaching two
 * instances can count once on each.
 */
export type ViewCounter = {
  /** Records a beacon from `address` for the article; the reader rules (DNT, bots) are the caller's. */
  record(articleId: number, address: string, isReader: boolean): ViewOutcome;
  /** Adds what was counted since the last flush to app.article_views. */
  flush(): Promise<void>;
  /** Stops the timer and flushes what is left (graceful shutdown). */
  close(): Promise<void>;
};

/**
 * A day's key: 32 random bytes, as text to put before an address. The keyed hash is SHA-256 over
 * the key and the address, one call of `crypto.hash` (1 µs here): an HMAC object cost 3.7 µs, and
 * its second pass guards a hash that is shown to someone, which these never are.
 */
const newDayKey = () => randomBytes(32).toString('base64');
const DAY_MS = 86_400_000;

export function createViewCounter(deps: { db: Db; logger: Logger; clock?: () => Date; flushEveryMs?: number | null }): ViewCounter {
  const now = deps.clock ?? (() => new Date());
  let day = '';
  let dayStarts = 0;
  let dayEnds = -1;
  let key = newDayKey();
  let seen = new Set<string>();
  let minute = -1;
  let beacons = new Map<string, number>();
  let pending = new Map<string, { articleId: number; day: string; views: number }>();
  let warned = false;
  let flushing: Promise<void> = Promise.resolve();

  function record(articleId: number, address: string, isReader: boolean): ViewOutcome {
    const time = now().getTime();
    // The day (UTC) worked out when the clock leaves the last one's, not for every beacon.
    if (time < dayStarts || time >= dayEnds) {
      dayStarts = time - (time % DAY_MS);
      dayEnds = dayStarts + DAY_MS;
      const today = isoDay(new Date(dayStarts));
      if (today !== day) {
        // A new day: a new key, and yesterday's set forgotten.
        day = today;
        key = newDayKey();
        seen = new Set();
        warned = false;
      }
    }
    const today = day;
    const thisMinute = Math.floor(time / 60_000);
    if (thisMinute !== minute) {
      minute = thisMinute;
      beacons = new Map();
    }
    const who = hash('sha256', key + address, 'base64url').slice(0, 16);
    const sent = (beacons.get(who) ?? 0) + 1;
    beacons.set(who, sent);
    if (sent > BEACONS_PER_MINUTE) return 'too-many';
    if (!isReader) return 'not-counted';
    const pair = `${who}:${articleId}`;
    if (seen.has(pair)) return 'not-counted';
    if (seen.size >= SEEN_MAX) {
      if (!warned) deps.logger.warn({ remembered: SEEN_MAX }, 'view counter: the day’s readers set is full; no new reading counted until tomorrow');
      warned = true;
      return 'not-counted';
    }
    seen.add(pair);
    const slot = `${today}:${articleId}`;
    const entry = pending.get(slot);
    if (entry) entry.views++;
    else pending.set(slot, { articleId, day: today, views: 1 });
    return 'counted';
  }

  async function write(): Promise<void> {
    if (pending.size === 0) return;
    const batch = [...pending.values()];
    pending = new Map();
    try {
      const rows = sql.join(batch.map((b) => sql`(${b.articleId}::int, ${b.day}::date, ${b.views}::int)`), sql`, `);
      await deps.db.execute(sql`insert into app.article_views (article_id, day, views) values ${rows}
        on conflict (article_id, day) do update set views = app.article_views.views + excluded.views`);
    } catch (err) {
      // Kept for the next flush: a database blip loses no reading.
      for (const b of batch) {
        const slot = `${b.day}:${b.articleId}`;
        const entry = pending.get(slot);
        if (entry) entry.views += b.views;
        else pending.set(slot, b);
      }
      deps.logger.warn({ err: (err as Error).message, articles: batch.length }, 'view counts not written; kept for the next flush');
    }
  }

  // One flush at a time, in order.
  const flush = () => (flushing = flushing.then(write));
  const timer = deps.flushEveryMs === null ? null : setInterval(() => void flush(), deps.flushEveryMs ?? FLUSH_EVERY_MS);
  timer?.unref();
  return {
    record,
    flush,
    async close() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
