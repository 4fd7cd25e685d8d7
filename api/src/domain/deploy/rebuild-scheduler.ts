import type { ContentSnapshot } from '@app/shared/server';
import type { Logger } from 'pino';
import type { DeploymentLog } from './deployment-log.ts';

export type SiteBuilder = {
  /** Builds the site from this snapshot and makes it live; resolves with the build log, rejects with an Error carrying it. */
  build(snapshot: ContentSnapshot): Promise<string>;
};

export type RebuildScheduler = {
  /** Asks for a rebuild after the debounce; requests during a build coalesce into one more build. */
  request(trigger: string): void;
  /** Builds now (after any running build) and resolves with the outcome. */
  runNow(trigger: string): Promise<{ id: number; status: 'succeeded' | 'failed' }>;
  idle(): Promise<void>;
  stop(): void;
};

/**
 * Runs site rebuilds one at a time, each from the read model's snapshot at the moment it starts
 * (so a burst of changes builds once, from the newest content), and records each deployment
 * with the content version it built.
 */
export function createRebuildScheduler(deps: { builder: SiteBuilder | null; snapshot: () => ContentSnapshot; log: DeploymentLog; logger: Logger; debounceMs: number }): RebuildScheduler {
  const { builder, log, logger, debounceMs } = deps;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  const pendingTriggers = new Set<string>();

  async function buildOnce(trigger: string) {
    const snapshot = deps.snapshot();
    const id = await log.start(trigger, snapshot.version);
    if (!builder) {
      await log.finish(id, 'failed', 'Site rebuilds are not configured (SITE_DIR is unset).');
      return { id, status: 'failed' as const };
    }
    logger.info({ deployment: id, trigger, contentVersion: snapshot.version }, 'site rebuild started');
    try {
      const output = await builder.build(snapshot);
      await log.finish(id, 'succeeded', output);
      logger.info({ deployment: id }, 'site rebuild is live');
      return { id, status: 'succeeded' as const };
    } catch (err) {
      await log.finish(id, 'failed', (err as Error).message);
      logger.error({ deployment: id, err: (err as Error).message.slice(-2000) }, 'site rebuild failed');
      return { id, status: 'failed' as const };
    }
  }

  function enqueue(trigger: string) {
    const run = chain.then(() => buildOnce(trigger));
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    request(trigger) {
      pendingTriggers.add(trigger);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const triggers = [...pendingTriggers].join(', ');
        pendingTriggers.clear();
        void enqueue(triggers);
      }, debounceMs);
    },
    runNow(trigger) {
      // A pending debounced request is covered by this build, which reads the latest content.
      if (timer) clearTimeout(timer);
      timer = null;
      const triggers = [trigger, ...pendingTriggers].join(', ');
      pendingTriggers.clear();
      return enqueue(triggers);
    },
    async idle() {
      while (timer) await new Promise((r) => setTimeout(r, 50));
      await chain;
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
