import { randomBytes } from 'node:crypto';
import { toSnapshot, visibleAt, type ContentRecords, type ContentSnapshot } from '@app/shared/server';
import type { Logger } from 'pino';
import { buildContentIndex, emptyRecords, type ContentIndex } from './content-index.ts';
import { packArticleBodiesInTurns, type PackedBodies } from './packed-bodies.ts';
import { recordsJsonInTurns } from './records-json.ts';
import type { SnapshotStore } from './snapshot-store.ts';

export type ContentSource = { load(): Promise<ContentRecords> };

export type ContentReadModel = {
  /** Loads from the CMS, else from the last snapshot, else starts empty; never throws. */
  start(): Promise<void>;
  /**
   * Reloads from the CMS; concurrent calls share one load, and a call during a load queues one
   * more. A failed load is tried again on its own, one second later and then twice as long each
   * time (up to a minute), until one succeeds: a change signalled while the CMS was slow still arrives.
   */
  refresh(): Promise<boolean>;
  current(): ContentIndex;
  /**
   * Which index is in use, as `<this process's id>.<count>`: a new one for every index (a reload
   * with the same version too), never the same in another process or after a restart. The front
   * door keeps the answers every visitor gets alike (the public lists) until it changes (issue 53 #2).
   */
  generation(): string;
  /** Hears every new generation, at once (before the next request is answered); `null` when the read model closes. */
  onGeneration(listener: (generation: string | null) => void): () => void;
  /** Says `null` to the generation's listeners (the API is shutting down: whoever keeps answers stops). */
  close(): void;
};

/**
 * The API's in-memory content (DESIGN §3), read from the CMS once per change. Each load is a
 * versioned snapshot, kept in the database (served again if the CMS is down at start) and
 * announced through `onChange` when its version differs, so the site is rebuilt from it; `onIndex`
 * hears of every index in use (the assistant prepares its own from it).
 */
export function createContentReadModel(deps: { source: ContentSource; snapshots: SnapshotStore; logger: Logger; onChange?: (snapshot: ContentSnapshot) => void; onIndex?: (index: ContentIndex) => void; retryMs?: number }): ContentReadModel {
  const { source, snapshots, logger } = deps;
  const firstRetryMs = deps.retryMs ?? 1000;
  let retryMs = firstRetryMs;
  let retry: NodeJS.Timeout | null = null;
  let index = buildContentIndex(toSnapshot(emptyRecords, new Date(0).toISOString()));
  let running: Promise<boolean> | null = null;
  let again = false;
  const processId = randomBytes(6).toString('base64url');
  let count = 0;
  let generation = `${processId}.${count}`;
  const generationListeners = new Set<(generation: string | null) => void>();

  function use(snapshot: ContentSnapshot, bodies?: PackedBodies) {
    const changed = snapshot.version !== index.version;
    index = buildContentIndex(snapshot, bodies);
    generation = `${processId}.${++count}`;
    for (const listener of generationListeners) listener(generation);
    deps.onIndex?.(index);
    if (changed) deps.onChange?.(snapshot);
  }

  async function loadOnce(): Promise<boolean> {
    try {
      const records = await source.load();
      // What toSnapshot makes, a few articles per turn of the event loop: the version hashed from
      // the records' JSON (saved as the snapshot too), the bodies packed off the API's thread, those
      // of the version before reused (issue 49 #4).
      const loadedAt = new Date().toISOString();
      const visible = visibleAt(records, loadedAt);
      const { json, version } = await recordsJsonInTurns(visible);
      const snapshot: ContentSnapshot = { version, loadedAt, records: visible };
      use(snapshot, await packArticleBodiesInTurns(visible.articles, index.bodies));
      await snapshots.save(snapshot, json.join('')).catch((err) => logger.warn({ err }, 'could not save content snapshot'));
      const { articles, videos, products } = snapshot.records;
      logger.info({ version: snapshot.version, articles: articles.length, videos: videos.length, products: products.length }, 'content loaded from CMS');
      return true;
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'content refresh from CMS failed; keeping current content');
      return false;
    }
  }

  async function refresh(): Promise<boolean> {
    if (running) {
      again = true;
      return running;
    }
    if (retry) clearTimeout(retry);
    retry = null;
    running = (async () => {
      let ok = await loadOnce();
      while (again) {
        again = false;
        ok = await loadOnce();
      }
      if (ok) retryMs = firstRetryMs;
      else {
        retry = setTimeout(() => void refresh(), retryMs).unref();
        logger.info({ inMs: retryMs }, 'content refresh will be tried again');
        retryMs = Math.min(retryMs * 2, 60_000);
      }
      return ok;
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    async start() {
      if (await refresh()) return;
      const snapshot = await snapshots.load().catch(() => null);
      if (snapshot) {
        use(snapshot);
        logger.warn({ version: snapshot.version, loadedAt: snapshot.loadedAt }, 'CMS unreachable; serving the last content snapshot');
      } else {
        logger.warn('CMS unreachable and no snapshot yet; serving no content until the CMS signals a change');
      }
    },
    refresh,
    current: () => index,
    generation: () => generation,
    onGeneration(listener) {
      generationListeners.add(listener);
      return () => void generationListeners.delete(listener);
    },
    close() {
      for (const listener of [...generationListeners]) listener(null);
      generationListeners.clear();
    },
  };
}
