import type { Deployment, DeploymentKind } from '@app/shared/browser';
import type { ContentSnapshot } from '@app/shared/server';
import type { Logger } from 'pino';
import { BuildFailure } from '../ports/build-failure.ts';
import { servicesToRestart } from './services-to-restart.ts';
import type { GitSource } from '../ports/git-source.ts';
import { noDeployLock, type DeployLock } from './deploy-lock.ts';
import type { DeploymentLog, FinishedStatus } from './deployment-log.ts';
import { createDeploymentRun, type StepTimer } from './deployment-run.ts';

export type SiteBuilder = {
  /**
   * Builds the site from this snapshot (and source folder, when given), health-checks it and makes
   * it live, its output to `log` and its steps timed by `step` (`commit`: the code it builds, when
   * deployed from a repository); resolves with the build's id,
   * rejects with an Error saying why (a BuildFailure when the previous build kept serving).
   */
  build(snapshot: ContentSnapshot, options?: { siteDir?: string; commit?: string | null; log?: (text: string) => void; step?: StepTimer }): Promise<{ buildId: string }>;
  /** Gets ready for the next build of this code (a builder that keeps Astro loaded loads it now). */
  prepare?(options?: { siteDir?: string; commit?: string | null }): void;
};

/** The builds kept on disk (site-builds.ts): a rollback makes one of them live again. */
export type LiveBuilds = {
  kept(): Promise<string[]>;
  live(): Promise<string | null>;
  activate(buildId: string): Promise<void>;
};

export type DeployRequest = { kind: DeploymentKind; trigger: string; actorId?: number | null };
export type RollbackRequest = { to: number; actorId: number; trigger: string };
/** `busy`: a deployment is running (here or on another instance); `gone`: the target's build folder was pruned. */
export type RollbackOutcome = { ok: true; id: number } | { ok: false; reason: 'busy' | 'not_found' | 'not_successful' | 'already_live' | 'gone' };
/** `alreadyLive`: another instance had built this content already, so nothing ran. */
export type Outcome = { id: number; status: FinishedStatus; alreadyLive?: boolean };

export type RebuildScheduler = {
  /** Asks for a rebuild after the debounce (content changes); requests during a build coalesce into one more build. */
  request(trigger: string): void;
  /**
   * A content change was signalled and the read model is reloading it: the debounce counts from
   * now, beside the reload, so the `request` that follows the reload waits only for what is left
   * of it. A signal while a request waits restarts its wait (a burst still builds once).
   */
  changeSignalled(): void;
  /** Builds now (after any running build) and resolves with the outcome. */
  runNow(trigger: string, kind?: DeploymentKind): Promise<Outcome>;
  /**
   * The admin's Deploy and the webhook: fetches the source when a repository is configured, then
   * the same pipeline. Answers once the deployment is recorded: the new one, or the one already
   * running (on any instance), which this request joins.
   */
  deploy(request: DeployRequest): Promise<{ deployment: Deployment; joined: boolean; done: Promise<Outcome | null> }>;
  /** Makes an earlier successful deployment's build live again (rollback-deployment.ts says when it may). */
  rollback(request: RollbackRequest): Promise<RollbackOutcome>;
  source: GitSource | null;
  /** The deployments a rollback may go back to: successful, not live, their build still kept. */
  rollbackTargets(): Promise<number[]>;
  idle(): Promise<void>;
  /** Readies the builder for the next content rebuild (after the start's build, or its skip). */
  prepare(): Promise<void>;
  stop(): void;
};

/**
 * Runs deployments one at a time — in this process through a queue, across instances through an
 * advisory lock — each from the read model's snapshot at the moment it starts (so a burst of
 * changes builds once, from the newest content), and records each with its kind, commit and
 * content version. A failed build or health check leaves the previous build serving and puts the
 * working copy back on the live commit.
 */
export function createRebuildScheduler(deps: { builder: SiteBuilder | null; liveBuilds?: LiveBuilds | null; snapshot: () => ContentSnapshot; log: DeploymentLog; logger: Logger; debounceMs: number; lock?: DeployLock; source?: GitSource | null; onFinished?: (d: Deployment, status: FinishedStatus) => Promise<void> }): RebuildScheduler {
  const { builder, log, logger, debounceMs } = deps;
  const liveBuilds = deps.liveBuilds ?? null;
  const lock = deps.lock ?? noDeployLock;
  const source = deps.source ?? null;
  let timer: NodeJS.Timeout | null = null;
  /** When the newest change signal not yet followed by a request arrived (`changeSignalled`). */
  let signalledAt: number | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let active: { started: Promise<Deployment | null>; done: Promise<Outcome | null> } | null = null;
  const pendingTriggers = new Set<string>();

  async function execute(id: number, pull: boolean): Promise<Outcome> {
    const run = createDeploymentRun(log, id);
    const { say, step } = run;
    const snapshot = deps.snapshot();
    let commit: string | null = null;
    let liveCommit: string | null = null;
    let restartNeeded: string[] = [];
    try {
      if (!builder) throw new Error('Site rebuilds are not configured (SITE_DIR is unset).');
      liveCommit = source ? await log.liveCommit() : null;
      if (source && pull) {
        const update = await source.update(liveCommit, say, step);
        commit = update.commit;
        restartNeeded = servicesToRestart(update.changedFiles);
        if (restartNeeded.length) say(`the ${restartNeeded.join(' and ')} code changed: restart ${restartNeeded.length > 1 ? 'them' : 'it'} to run it`);
        await run.progress({ commit, restartNeeded });
      } else if (source) commit = await source.head();
      say(`content version ${snapshot.version}`);
      const { buildId } = await builder.build(snapshot, { siteDir: commit ? source!.siteDir : undefined, commit, log: say, step });
      await log.finish(id, 'succeeded', run.summary('deployed'), { commit, restartNeeded, buildId, steps: run.steps });
      logger.info({ deployment: id, commit, contentVersion: snapshot.version, buildId, steps: run.steps }, 'deployment is live');
      return { id, status: 'succeeded' };
    } catch (err) {
      const rolledBack = err instanceof BuildFailure && err.keptLive;
      if (source && pull && liveCommit && commit && commit !== liveCommit) await source.checkout(liveCommit, say).catch((e: Error) => say(`could not return to ${liveCommit}: ${e.message}`));
      const status = rolledBack ? 'rolled_back' : 'failed';
      say((err as Error).message);
      await log.finish(id, status, run.summary(rolledBack ? 'not deployed: the previous build keeps serving' : 'not deployed'), { commit, restartNeeded, steps: run.steps });
      logger.error({ deployment: id, commit, err: (err as Error).message.slice(-2000) }, rolledBack ? 'deployment rolled back' : 'deployment failed');
      return { id, status };
    }
  }

  /**
   * A rollback: the target's kept build goes live again (the same pointer switch a build makes),
   * the working copy goes back to its commit (so content rebuilds build that code), and services
   * whose code differs between the live commit and the target's are restarted from the target.
   */
  async function rollBack(request: RollbackRequest): Promise<RollbackOutcome> {
    const target = await log.get(request.to);
    const buildId = target ? await log.buildOf(target.id) : null;
    if (!target) return { ok: false, reason: 'not_found' };
    if (!buildId || !liveBuilds) return { ok: false, reason: 'not_successful' };
    const live = await log.live();
    if (live?.id === target.id || (await liveBuilds.live()) === buildId) return { ok: false, reason: 'already_live' };
    if (!(await liveBuilds.kept()).includes(buildId)) return { ok: false, reason: 'gone' };
    await log.markInterrupted();
    const id = await log.start({ kind: 'rollback', trigger: request.trigger, actorId: request.actorId, commit: target.commit, contentVersion: target.contentVersion, rollbackTo: target.id, rollbackFrom: live?.id ?? null });
    const run = createDeploymentRun(log, id);
    run.say(`rolling back from deployment ${live ? `${live.id} (${live.commit?.slice(0, 12) ?? 'no commit'})` : 'none'} to deployment ${target.id} (${target.commit?.slice(0, 12) ?? 'no commit'}, content ${target.contentVersion?.slice(0, 12) ?? 'unknown'})`);
    let restartNeeded: string[] = [];
    try {
      await run.step('switch', () => liveBuilds.activate(buildId));
      run.say(`live: ${buildId}`);
      if (source && target.commit) {
        const liveCommit = await log.liveCommit();
        restartNeeded = servicesToRestart(await source.changedBetween(liveCommit, target.commit));
        await run.step('working copy', () => source.checkout(target.commit!, run.say));
        if (restartNeeded.length) run.say(`the ${restartNeeded.join(' and ')} code differs: restart ${restartNeeded.length > 1 ? 'them' : 'it'} to run deployment ${target.id}'s code`);
      }
      await log.finish(id, 'succeeded', run.summary('rolled back'), { buildId, restartNeeded, steps: run.steps });
      logger.info({ deployment: id, to: target.id, buildId }, 'rolled back');
    } catch (err) {
      run.say((err as Error).message);
      await log.finish(id, 'failed', run.summary('rollback failed'), { steps: run.steps });
      logger.error({ deployment: id, to: target.id, err: (err as Error).message }, 'rollback failed');
      void notify({ id, status: 'failed' });
      throw err;
    }
    return { ok: true, id };
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
        return execute(id, false);
      });
      return result.ran ? result.value : { id: 0, status: 'failed' as const };
    });
    chain = run.catch(() => undefined);
    return run;
  }

  /** (Re)starts the debounce: after `ms`, one content rebuild for every trigger asked for meanwhile. */
  function wait(ms: number) {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      const triggers = [...pendingTriggers].join(', ');
      pendingTriggers.clear();
      // A rebuild that cannot even start (the database out of reach) is logged; the next change retries.
      void enqueueBuild({ kind: 'content', trigger: triggers }).then(notify).catch((err: Error) => logger.error({ err: err.message }, 'site rebuild could not start'));
    }, ms);
  }

  return {
    source,
    async rollbackTargets() {
      if (!liveBuilds) return [];
      const [kept, liveBuild, live] = [new Set(await liveBuilds.kept()), await liveBuilds.live(), await log.live()];
      return (await log.builds()).filter((d) => d.id !== live?.id && d.buildId !== liveBuild && kept.has(d.buildId)).map((d) => d.id);
    },
    async rollback(request) {
      // Not queued behind a running build: the admin is told at once that a deployment is running.
      if (active) return { ok: false, reason: 'busy' };
      const result = await lock('try', () => rollBack(request));
      if (!result.ran) return { ok: false, reason: 'busy' };
      // Audited, and its services restarted, after the answer (as a deployment's are).
      if (result.value.ok) void notify({ id: result.value.id, status: 'succeeded' });
      return result.value;
    },
    request(trigger) {
      pendingTriggers.add(trigger);
      const since = signalledAt ?? Date.now();
      signalledAt = null;
      wait(Math.max(0, since + debounceMs - Date.now()));
    },
    changeSignalled() {
      signalledAt = Date.now();
      if (timer) wait(debounceMs);
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
      const attempt = async () => {
        await log.markInterrupted();
        const id = await log.start({ kind: request.kind, trigger: request.trigger, contentVersion: deps.snapshot().version, actorId: request.actorId ?? null });
        announce((await log.get(id))!);
        logger.info({ deployment: id, trigger: request.trigger }, 'deployment started');
        return execute(id, true);
      };
      const done = chain.then(async () => {
        const tried = await lock('try', attempt);
        if (tried.ran) return tried;
        // Another instance holds the lock. A deployment of the code is joined; a content rebuild
        // (or a rollback) fetches no code, so this one waits for it and then fetches and builds.
        const running = await log.running();
        return running && (running.kind === 'admin' || running.kind === 'webhook') ? tried : lock('wait', attempt);
      }).then(
        async (r) => {
          if (!r.ran) return (announce(null), null);
          // Finished: a Deploy pressed from now on is a deployment of its own, not this one joined
          // (its audit and restart, below, may take a while).
          if (active === mine) active = null;
          await notify(r.value);
          return r.value;
        },
        (err: Error) => (announce(null), logger.error({ err: err.message }, 'deployment could not start'), null),
      ).finally(() => {
        if (active === mine) active = null;
      });
      chain = done.catch(() => undefined);
      const mine = { started, done };
      active = mine;
      const deployment = await started;
      if (deployment) return { deployment, joined: false, done };
      // Another instance holds the lock: join the deployment it is running.
      const running = await log.running();
      if (running) return { deployment: running, joined: true, done: Promise.resolve(null) };
      throw new Error('A deployment is already running.');
    },
    async prepare() {
      const commit = source ? await source.head().catch(() => null) : null;
      builder?.prepare?.({ siteDir: commit ? source!.siteDir : undefined, commit });
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
