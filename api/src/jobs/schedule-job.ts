import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { withSessionLock } from '../db/session-lock.ts';
import { runRoundOnce, type RoundOutcome } from './job-rounds.ts';

/**
 * A scheduled job (DESIGN §7.25): a name, how often it runs, and its work. Its detail (a line for
 * the System tab) is what `run` returns. Every job runs on the round claim (job-rounds.ts), so one
 * instance runs each round however many tick. An `exclusive` job's round stands aside while the
 * previous one still runs (a slow provider), through a session lock: no transaction is held open
 * while the job waits on the network.
 */
export type Job = {
  name: string;
  /** The round length in ms: the job runs at most once per round. */
  every: number;
  /** The first tick after start, when sooner than a whole round (default: one round). */
  firstAfterMs?: number;
  /** Never two rounds at once: a round that finds the previous one running records that and stands aside. */
  exclusive?: boolean;
  run: () => Promise<string | null>;
  /**
   * Moments (ISO times) the job must also run at, sooner than its next round: each one that has
   * passed runs once more as its own claimed round, starting at that moment, so one instance runs
   * it (the scheduled-publishing job: each article's publish time).
   */
  at?: () => readonly string[];
};

/** How often an instance looks whether one of a job's moments has passed (a scan of a short list, no query). */
const AT_CHECK_MS = 500;

const STOOD_ASIDE = 'the previous round was still running';

export type RoundDeps = { db: Db; logger: Logger; clock: () => Date; instance?: string };
export type ScheduledJob = { name: string; tick: () => Promise<RoundOutcome>; stop: () => void };

/** Starts `job`'s timer on this instance; `tick` runs one attempt now (tests, the first run). */
export function scheduleJob(deps: RoundDeps, job: Job): ScheduledJob {
  const tick = () =>
    runRoundOnce(deps, { name: job.name, intervalMs: job.every }, job.exclusive ? () => withSessionLock(deps.db, `job:${job.name}`, job.run).then((r) => (r.locked ? r.value : STOOD_ASIDE)) : job.run).catch((err: Error) => {
      // The claim itself could not be written (the database out of reach): the next tick tries again.
      deps.logger.warn({ err: err.message, job: job.name }, 'scheduled job could not claim its round');
      return 'failed' as const;
    });
  const timer = setInterval(() => void tick(), job.every);
  const first = job.firstAfterMs !== undefined ? setTimeout(() => void tick(), job.firstAfterMs) : null;
  timer.unref();
  first?.unref();
  // The moments this instance has started a round for, forgotten once the job no longer lists them.
  const started = new Set<string>();
  const moments = job.at ? setInterval(() => runPassedMoments(deps, job, job.at!(), started), AT_CHECK_MS) : null;
  moments?.unref();
  return { name: job.name, tick, stop: () => (clearInterval(timer), first && clearTimeout(first), moments && clearInterval(moments)) };
}

function runPassedMoments(deps: RoundDeps, job: Job, moments: readonly string[], started: Set<string>) {
  for (const m of started) if (!moments.includes(m)) started.delete(m);
  const now = deps.clock().getTime();
  for (const moment of moments) {
    const at = Date.parse(moment);
    if (!(at <= now) || started.has(moment)) continue;
    started.add(moment);
    // A round of its own: it starts at the moment itself, the same on every instance.
    void runRoundOnce({ ...deps, clock: () => new Date(at) }, { name: job.name, intervalMs: 1 }, job.run).catch((err: Error) => deps.logger.warn({ err: err.message, job: job.name }, 'scheduled job could not claim its round'));
  }
}

/** The composition root's one call: every job in `jobs` started, and stopped together. */
export function startJobs(deps: RoundDeps, jobs: readonly Job[]): { names: string[]; stop: () => void } {
  const started = jobs.map((job) => scheduleJob(deps, job));
  return { names: started.map((j) => j.name), stop: () => started.forEach((j) => j.stop()) };
}
