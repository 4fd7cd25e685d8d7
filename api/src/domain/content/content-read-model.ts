import type { ContentRecords } from '@app/shared/server';
import type { Logger } from 'pino';
import { buildContentIndex, emptyRecords, type ContentIndex } from './content-index.ts';
import type { SnapshotStore } from './snapshot-store.ts';

export type ContentSource = { load(): Promise<ContentRecords> };

export type ContentReadModel = {
  /** Loads from the CMS, else from the last snapshot, else starts empty; never throws. */
  start(): Promise<void>;
  /** Reloads from the CMS; concurrent calls share one load, and a call during a load queues one more. */
  refresh(): Promise<boolean>;
  /**
   * Refreshes after a short pause, coalescing bursts. Payload signals changes from hooks that run
   * before its transaction commits, so reading back at once could miss the change.
   */
  refreshSoon(delayMs?: number): void;
  current(): ContentIndex;
  stop(): void;
};

export function createContentReadModel(deps: { source: ContentSource; snapshots: SnapshotStore; logger: Logger }): ContentReadModel {
  const { source, snapshots, logger } = deps;
  let index = buildContentIndex(emptyRecords, new Date(0).toISOString());
  let running: Promise<boolean> | null = null;
  let again = false;
  let soon: NodeJS.Timeout | null = null;

  async function loadOnce(): Promise<boolean> {
    try {
      const records = await source.load();
      const loadedAt = new Date().toISOString();
      index = buildContentIndex(records, loadedAt);
      await snapshots.save(records, loadedAt).catch((err) => logger.warn({ err }, 'could not save content snapshot'));
      logger.info({ articles: records.articles.length, videos: records.videos.length, products: records.products.length }, 'content loaded from CMS');
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
    running = (async () => {
      let ok = await loadOnce();
      while (again) {
        again = false;
        ok = await loadOnce();
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
        index = buildContentIndex(snapshot.records, snapshot.loadedAt);
        logger.warn({ loadedAt: snapshot.loadedAt }, 'CMS unreachable; serving the last content snapshot');
      } else {
        logger.warn('CMS unreachable and no snapshot yet; serving no content until the CMS signals a change');
      }
    },
    refresh,
    refreshSoon(delayMs = 300) {
      if (soon) clearTimeout(soon);
      soon = setTimeout(() => {
        soon = null;
        void refresh();
      }, delayMs);
    },
    current: () => index,
    stop() {
      if (soon) clearTimeout(soon);
    },
  };
}
