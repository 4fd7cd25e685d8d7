import { IdSchema } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';

/** The channel instances tell each other their readers on (the instance's one LISTEN connection). */
export const PRESENCE_CHANNEL = 'article_presence';

export type PresenceTiming = {
  /** Changes are gathered this long, then told to this instance's readers and to the other instances at once. */
  flushMs: number;
  /** Each instance repeats its counts this often … */
  refreshMs: number;
  /** … and forgets another's count not repeated for this long (an instance that died says nothing). */
  expiryMs: number;
};
export const PRESENCE_TIMING: PresenceTiming = { flushMs: 250, refreshMs: 10_000, expiryMs: 35_000 };

/** Counts per signal: far below NOTIFY's 8000 bytes ("[2147483647,1000000]," is 21). */
const COUNTS_PER_SIGNAL = 300;

/** What an instance tells the others: its own count per article (0: none any more); `sync` asks them for theirs. */
const PresenceSignalSchema = z.object({
  from: z.string().min(1).max(200),
  counts: z.array(z.tuple([IdSchema, z.number().int().min(0).max(1_000_000)])).max(COUNTS_PER_SIGNAL),
  sync: z.boolean().optional(),
});
type PresenceSignal = z.infer<typeof PresenceSignalSchema>;

/**
 * "N reading now" per article, across instances, with nothing about the readers: each instance
 * counts the sockets (`K`, whatever the caller holds) it has on an article, tells the others its
 * counts by NOTIFY (gathered for `flushMs`, repeated every `refreshMs`) and keeps theirs until
 * they expire. A reading is this instance's count plus the others'; no table, nothing stored.
 */
export function createArticlePresence<K>(deps: { db: Db; logger: Logger; timing?: Partial<PresenceTiming>; onChange(articleId: number, reading: number, readersHere: ReadonlySet<K>): void }) {
  const timing = { ...PRESENCE_TIMING, ...deps.timing };
  const self = `${hostname()}:${process.pid}:${randomUUID()}`;
  const local = new Map<number, Set<K>>();
  const others = new Map<string, Map<number, { n: number; at: number }>>();
  /** Articles whose reading may have changed since the last flush; those whose count here did. */
  const changed = new Set<number>();
  const unpublished = new Set<number>();
  let flushTimer: NodeJS.Timeout | null = null;
  let stopped = false;

  const here = (articleId: number) => local.get(articleId)?.size ?? 0;
  function reading(articleId: number): number {
    let n = here(articleId);
    for (const counts of others.values()) n += counts.get(articleId)?.n ?? 0;
    return n;
  }

  async function publish(counts: [number, number][], sync = false) {
    const chunks: [number, number][][] = [];
    for (let i = 0; i < counts.length; i += COUNTS_PER_SIGNAL) chunks.push(counts.slice(i, i + COUNTS_PER_SIGNAL));
    if (chunks.length === 0 && sync) chunks.push([]);
    for (const chunk of chunks) {
      const signal: PresenceSignal = { from: self, counts: chunk, ...(sync && { sync }) };
      await deps.db.execute(sql`select pg_notify(${PRESENCE_CHANNEL}, ${JSON.stringify(signal)})`);
    }
  }
  const publishSafely = (counts: [number, number][], sync = false) => publish(counts, sync).catch((err: Error) => deps.logger.warn({ err: err.message }, 'could not tell the other instances who reads what; the next round will'));

  function flush() {
    flushTimer = null;
    for (const articleId of changed) deps.onChange(articleId, reading(articleId), local.get(articleId) ?? new Set());
    changed.clear();
    const counts = [...unpublished].map((id): [number, number] => [id, here(id)]);
    unpublished.clear();
    if (counts.length > 0) void publishSafely(counts);
  }
  function schedule(articleId: number, ownCount: boolean) {
    changed.add(articleId);
    if (ownCount) unpublished.add(articleId);
    if (!flushTimer && !stopped) flushTimer = setTimeout(flush, timing.flushMs);
  }

  // Repeats this instance's counts (the others' proof that it lives) and forgets the counts of those gone quiet.
  const refresh = setInterval(() => {
    const cutoff = Date.now() - timing.expiryMs;
    for (const [instance, counts] of others) {
      for (const [articleId, { at }] of counts) {
        if (at >= cutoff) continue;
        counts.delete(articleId);
        schedule(articleId, false);
      }
      if (counts.size === 0) others.delete(instance);
    }
    for (const articleId of local.keys()) unpublished.add(articleId);
    if (!flushTimer) flush();
  }, timing.refreshMs);
  refresh.unref();

  return {
    reading,
    /** Counts `reader` on the article (once, however often it asks); true when it was not counted yet. */
    enter(reader: K, articleId: number): boolean {
      const readers = local.get(articleId) ?? new Set<K>();
      if (readers.has(reader)) return false;
      readers.add(reader);
      local.set(articleId, readers);
      schedule(articleId, true);
      return true;
    },
    leave(reader: K, articleId: number) {
      const readers = local.get(articleId);
      if (!readers?.delete(reader)) return;
      if (readers.size === 0) local.delete(articleId);
      schedule(articleId, true);
    },
    /** Another instance's (or this one's own, ignored) signal. */
    receive(payload: string) {
      let parsed;
      try {
        parsed = PresenceSignalSchema.safeParse(JSON.parse(payload));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return deps.logger.warn('ignored a malformed presence signal');
      const signal = parsed.data;
      if (signal.from === self) return;
      const counts = others.get(signal.from) ?? new Map<number, { n: number; at: number }>();
      others.set(signal.from, counts);
      const now = Date.now();
      for (const [articleId, n] of signal.counts) {
        const before = counts.get(articleId)?.n ?? 0;
        if (n === 0) counts.delete(articleId);
        else counts.set(articleId, { n, at: now });
        if (n !== before) schedule(articleId, false);
      }
      if (counts.size === 0) others.delete(signal.from);
      // A newcomer (or one back from a lost connection) asks: it hears every count of ours at the next flush.
      if (signal.sync) for (const articleId of local.keys()) schedule(articleId, true);
    },
    /** The signal connection is up: what was said meanwhile is lost, so tell everything and ask for everything. */
    connected() {
      void publishSafely([...local.keys()].map((id): [number, number] => [id, here(id)]), true);
    },
    /** This instance goes: the others forget its readers now rather than at expiry. */
    async stop() {
      stopped = true;
      clearInterval(refresh);
      if (flushTimer) clearTimeout(flushTimer);
      await publishSafely([...local.keys()].map((id): [number, number] => [id, 0]));
      local.clear();
    },
  };
}
export type ArticlePresence<K> = ReturnType<typeof createArticlePresence<K>>;
