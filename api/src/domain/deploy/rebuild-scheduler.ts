import type { Deployment, DeploymentKind } from '@app/shared/browser';
import type { ContentSnapshot } from '@app/shared/server';
import type { Logger } from 'pino';
import { BuildFailure } from '../../integrations/build-failure.ts';
import { servicesToRestart, type GitSource } from '../../integrations/git-source.ts';
import { noDeployLock, type DeployLock } from './deploy-lock.ts';
import type { DeploymentLog, FinishedStatus } from './deployment-log.ts';

export type SiteBuilder = {
  /**
   * Builds the site from this snapshot (and source folder, when given), health-checks it and makes
   * it live; resolves with the log, rejects with an Error carrying it (a BuildFailure when the
   * previous build kept serving).
   */
  build(snapshot: ContentSnapshot, options?: { siteDir?: string; log?: (text: string) => void }): Promise<string>;
};


export type DeployRequest = { kind: DeploymentKind; trigger: string; actorId?: number | null };
/** `alreadyLive`: another instance had built this content already, so nothing ran. */
export type Outcome = { id: number; status: FinishedStatus; alreadyLive?: boolean };

export type RebuildScheduler = {
  /** Asks for a rebuild after the debounce (content changes); requests during a build coalesce into one more build. */
  request(trigger: string): void;
  /** Builds now (after any running build) and resolves with the outcome. */
  runNow(trigger: string, kind?: DeploymentKind): Promise<Outcome>;
  /**
   * The admin's Deploy and the webhook: fetches the source when a repository is configured, then
   * the same pipeline. Answers once the deployment is recorded: the new one, or the one already
   * running (on any instance), which this request joins.
   */
  deploy(request: DeployRequest): Promise<{ deployment: Deployment; joined: boolean; done: Promise<Outcome | null> }>;
  source: GitSource | null;
  idle(): Promise<void>;
  stop(): void;
};

/**
 * Runs deployments one at a time — in this process through a queue, across instances through an
 * advisory lock — each from the read model's snapshot at the moment it starts (so a burst of
 * changes builds once, from the newest content), and records each with its kind, commit and
 * content version. A failed build or health check leaves the previous build serving and puts the
 * working copy back on the live commit.
 */
export function createRebuildScheduler(deps: { builder: SiteBuilder | null; snapshot: () => ContentSnapshot; log: DeploymentLog; logger: Logger; debounceMs: number; lock?: DeployLock; source?: GitSource | null; onFinished?: (d: Deployment, status: FinishedStatus) => Promise<void> }): RebuildScheduler {
  const { builder, log, logger, debounceMs } = deps;
  const lock = deps.lock ?? noDeployLock;
  const source = deps.source ?? null;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let active: { started: Promise<Deployment | null>; done: Promise<Outcome | null> } | null = null;
  const pendingTriggers = new Set<string>();

  async function execute(id: number, request: DeployRequest, pull: boolean): Promise<Outcome> {
    let text = '';
    let flushed = 0;
    const say = (line: string) => {
      text += `${line}\n`;
      // The tab polls the log; write it at most every half second while the build talks.
      if (Date.now() - flushed > 500) {
        flushed = Date.now();
        void log.progress(id, text).catch(() => undefined);
      }
    };
    const snapshot = deps.snapshot();
    let commit: string | null = null;
    let liveCommit: string | null = null;
    let restartNeeded: string[] = [];
    try {
      if (!builder) throw new Error('Site rebuilds are not configured (SITE_DIR is unset).');
      liveCommit = source ? await log.liveCommit() : null;
      if (source && pull) {
        const update = await source.update(liveCommit, say);
        commit = update.commit;
        restartNeeded = servicesToRestart(update.changedFiles);
        if (restartNeeded.length) say(`the ${restartNeeded.join(' and ')} code changed: restart ${restartNeeded.length > 1 ? 'them' : 'it'} to run it`);
        await log.progress(id, text, { commit, restartNeeded });
      } else if (source) commit = await source.head();
      say(`content version ${snapshot.version}`);
      const output = await builder.build(snapshot, { siteDir: commit ? source!.siteDir : undefined, log: say });
      await log.finish(id, 'succeeded', `${text}${output.slice(-4000)}\ndeployed`, { commit, restartNeeded });
      logger.info({ deployment: id, commit, contentVersion: snapshot.version }, 'deployment is live');
      return { id, status: 'succeeded' };
    } catch (err) {
      const rolledBack = err instanceof BuildFailure && err.keptLive;
      if (source && pull && liveCommit && commit && commit !== liveCommit) await source.checkout(liveCommit, say).catch((e: Error) => say(`could not return to ${liveCommit}: ${e.message}`));
      const status = rolledBack ? 'rolled_back' : 'failed';
      await log.finish(id, status, `${text}${(err as Error).message}`, { commit, restartNeeded });
      logger.error({ deployment: id, commit, err: (err as Error).message.slice(-2000) }, rolledBack ? 'deployment rolled back' : 'deployment failed');
      return { id, status };
    }
  }

  async function notify(outcome: Outcome) {
    if (outcome.alreadyLive) return;
    const d = await log.get(outcome.id);
    if (d && deps.onFinished) await deps.onFinished(d, outcome.status).catch((err: Error) => logger.error({ err: err.message }, 'after-deployment step failed'));
  }

  function enqueueBuild(request: DeployRequest): Promise<Outcome> {
    const run = chain.then(async () => {
      const result = await lock('wait', async () => {
        // Every instance's read model asks for a rebuild after the same content change: the first
        // to hold the lock builds it, the others find it live and stand down (one build per change).
        const live = request.kind === 'content' ? await log.live() : null;
        if (live && live.contentVersion === deps.snapshot().version) {
          logger.info({ deployment: live.id, contentVersion: live.contentVersion }, 'site rebuild skipped: this content is already live');
          return { id: live.id, status: 'succeeded' as const, alreadyLive: true };
        }
        await log.markInterrupted();
        const id = await log.start({ kind: request.kind, trigger: request.trigger, contentVersion: deps.snapshot().version, actorId: request.actorId ?? null });
        logger.info({ deployment: id, trigger: request.trigger }, 'site rebuild started');
        return execute(id, request, false);
      });
      return result.ran ? result.value : { id: 0, status: 'failed' as const };
    });
    chain = run.catch(() => undefined);
    return run;
  }

  return {
    source,
    request(trigger) {
      pendingTriggers.add(trigger);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        const triggers = [...pendingTriggers].join(', ');
        pendingTriggers.clear();
        // A rebuild that cannot even start (the database out of reach) is logged; the next change retries.
        void enqueueBuild({ kind: 'content', trigger: triggers }).then(notify).catch((err: Error) => logger.error({ err: err.message }, 'site rebuild could not start'));
      }, debounceMs);
    },
    runNow(trigger, kind = 'start') {
      // A pending debounced request is covered by this build, which reads the latest content.
      if (timer) clearTimeout(timer);
      timer = null;
      const triggers = [trigger, ...pendingTriggers].join(', ');
      pendingTriggers.clear();
      return enqueueBuild({ kind, trigger: triggers });
    },
    async deploy(request) {
      if (active) {
        const joined = await active.started;
        if (joined) return { deployment: joined, joined: true, done: active.done };
      }
      let announce!: (d: Deployment | null) => void;
      const started = new Promise<Deployment | null>((r) => (announce = r));
      const done = chain.then(() =>
        lock('try', async () => {
          await log.markInterrupted();
          const id = await log.start({ kind: request.kind, trigger: request.trigger, contentVersion: deps.snapshot().version, actorId: request.actorId ?? null });
          announce((await log.get(id))!);
          logger.info({ deployment: id, trigger: request.trigger }, 'deployment started');
          return execute(id, request, true);
        }),
      ).then(
        async (r) => {
          if (!r.ran) return (announce(null), null);
          await notify(r.value);
          return r.value;
        },
        (err: Error) => (announce(null), logger.error({ err: err.message }, 'deployment could not start'), null),
      ).finally(() => {
        active = null;
      });
      chain = done.catch(() => undefined);
      active = { started, done };
      const deployment = await started;
      if (deployment) return { deployment, joined: false, done };
      // Another instance holds the lock: join the deployment it is running.
      const running = await log.running();
      if (running) return { deployment: running, joined: true, done: Promise.resolve(null) };
      throw new Error('A deployment is already running.');
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
