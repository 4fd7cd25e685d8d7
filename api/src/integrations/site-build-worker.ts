import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * One site build: the source folder, where its output goes, the snapshot it reads, its output lines
 * to `say`. A worker that built the same code already renders only the pages again (a content
 * build, site/server/build-worker.ts): the bundles depend on neither the content nor the settings.
 */
export type SiteBuildJob = { siteDir: string; outDir: string; contentFile: string; code: string; say: (line: string) => void };

export type SiteBuildRunner = {
  run(job: SiteBuildJob): Promise<void>;
  /** Starts a worker for this folder and code ahead of the first build (loading Astro takes seconds). */
  warm(siteDir: string, code: string): void;
  close(): void;
};

type Reply = { id: number; ok: true; rss: number } | { id: number; ok: false; error: string };
type Worker = { child: ChildProcess; siteDir: string; code: string; builds: number; rss: number; ready: Promise<void>; current: { id: number; say: (line: string) => void; settle: (err: Error | null) => void } | null };

/**
 * A worker builds this many times, or until a build leaves it this large, and a fresh one takes
 * over at once. Each build leaves the worker some 50–90 MB larger (measured: 641, 703, 754 MB after
 * three demo builds; 713 then 799 MB at 5,000 articles), and a build peaks about 100 MB above where
 * it started: past 850 MB, the next build could pass 1 GB (issue 50 #5).
 */
const MAX_BUILDS = 25;
const MAX_RSS = 850 * 1024 ** 2;
/**
 * A worker that has built and then sat this long without a build exits, and the next build starts
 * one (issue 53 #5: the stack's idle memory). What Vite's bundler and V8 keep after a build (600–800
 * MB) is not given back while the process lives, and even a fresh worker, Astro and the config's
 * packages loaded and nothing built, holds ~150–210 MB. An editor's saves minutes apart keep the warm
 * one; the first publish after a quiet spell loads Astro first, as the first one after a start does
 * (a fresh worker's build takes ~1.4–2× the CPU of a warm one's, and loading it a few seconds more).
 */
const IDLE_MS = 5 * 60_000;
/**
 * V8 flags of the worker (issue 50 #5): a small young generation and an old generation allowed to
 * grow by a quarter over what is live (V8 otherwise lets it grow up to fourfold while Astro renders
 * thousands of pages, and keeps the pages). Measured: a cold build of 5,000 articles peaks at 713 MB
 * instead of ~1,100; a warm demo build takes no more CPU (6.6–6.9 s against 7.8–8.1 s without them).
 */
export const WORKER_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=25'];

/** The warm builder of a source folder (a folder at an older commit has none). */
const workerScript = (siteDir: string) => path.join(siteDir, 'server/build-worker.ts');

/**
 * Runs site builds in a warm worker (site/server/build-worker.ts): Astro and Vite stay loaded
 * between builds, which takes about three seconds off each content rebuild (issue 36). A worker
 * serves one source folder at one code version (`code`: the deployed commit); other code, a failed
 * build, a crash, or age starts a fresh one; after a quiet spell (`idleMs`) it exits, for the memory
 * a build leaves behind, and the next build starts one. A source folder without the worker (an older
 * commit) is built by `astro build`, as before.
 */
export function createSiteBuildRunner(env: NodeJS.ProcessEnv, options: { idleMs?: number; maxRss?: number } = {}): SiteBuildRunner {
  const idleMs = options.idleMs ?? IDLE_MS;
  const maxRss = options.maxRss ?? MAX_RSS;
  let worker: Worker | null = null;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | null = null;

  function stopIdleTimer() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  /** A fresh worker (Astro loaded, nothing built) for the same folder and code takes over from `w`, and exits if no build comes. */
  function replace(w: Worker) {
    if (worker !== w || w.current) return;
    retire();
    worker = start(w.siteDir, w.code);
    idleSoon(worker);
  }

  /** After a build: unless another comes within `idleMs`, this worker exits (the next build starts one). */
  function idleSoon(w: Worker) {
    stopIdleTimer();
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (worker === w && !w.current) retire();
    }, idleMs);
    idleTimer.unref();
  }

  function retire() {
    if (!worker) return;
    const { child } = worker;
    worker = null;
    child.kill('SIGTERM');
  }

  function start(siteDir: string, code: string): Worker {
    const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, workerScript(siteDir)], { cwd: siteDir, env: buildEnv(env), stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    const w: Worker = { child, siteDir, code, builds: 0, rss: 0, ready: Promise.resolve(), current: null };
    const take = (d: Buffer) => {
      const text = String(d).trimEnd();
      if (w.current) w.current.say(text);
      else output = (output + text + '\n').slice(-4000);
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    w.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (m: Reply | { ready: true }) => {
        if ('ready' in m) return resolve();
        if (!w.current || m.id !== w.current.id) return;
        if (m.ok) w.rss = m.rss;
        // The worker's last lines were in its stdout pipe before it sent this, but the two channels
        // are read in whatever order they came ready: they are read by the next turn of the loop,
        // and belong to this build's log (a CI run read the reply first, and lost a line).
        const { settle } = w.current;
        const outcome = m.ok ? null : new Error(`the build failed: ${m.error}`);
        setImmediate(() => settle(outcome));
      });
      child.on('exit', (code, signal) => {
        if (worker === w) worker = null;
        const err = new Error(`the build worker exited (${code ?? signal})${output ? `\n${output}` : ''}`);
        reject(err);
        w.current?.settle(err);
      });
      child.on('error', reject);
    });
    w.ready.catch(() => undefined);
    return w;
  }

  // One build at a time (the scheduler asks for no more; this keeps the worker's protocol simple).
  let queue: Promise<unknown> = Promise.resolve();

  async function runOne(job: SiteBuildJob) {
    if (!existsSync(workerScript(job.siteDir))) return astroBuild(job, env);
    stopIdleTimer();
    if (worker && (worker.siteDir !== job.siteDir || worker.code !== job.code || worker.builds >= MAX_BUILDS || worker.rss > maxRss)) retire();
    worker ??= start(job.siteDir, job.code);
    const w = worker;
    await w.ready;
    w.builds += 1;
    const id = nextId++;
    const outcome = await new Promise<Error | null>((settle) => {
      w.current = { id, say: job.say, settle };
      w.child.send({ id, outDir: job.outDir, contentFile: job.contentFile });
    });
    w.current = null;
    if (outcome) {
      // Whatever the failed build left loaded is not trusted with the next one.
      if (worker === w) retire();
      throw outcome;
    }
    if (w.builds >= MAX_BUILDS || w.rss > maxRss) replace(w);
    else if (worker === w) idleSoon(w);
  }

  return {
    run(job) {
      const run = queue.then(() => runOne(job));
      queue = run.catch(() => undefined);
      return run;
    },
    warm(siteDir, code) {
      if (worker || !existsSync(workerScript(siteDir))) return;
      worker = start(siteDir, code);
      // One warmed for a build that never comes (another instance built it) goes as an idle one does.
      idleSoon(worker);
    },
    close() {
      stopIdleTimer();
      retire();
    },
  };
}

/** Always a production build, whatever mode the API runs in (a development build ships React's dev bundle). */
function buildEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' };
}

/** A cold `astro build`, every line of its output to `say`. */
function astroBuild(job: SiteBuildJob, env: NodeJS.ProcessEnv): Promise<void> {
  const astroCli = createRequire(path.join(job.siteDir, 'package.json')).resolve('astro/package.json').replace(/package\.json$/, 'bin/astro.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...WORKER_NODE_FLAGS, astroCli, 'build'], { cwd: job.siteDir, env: { ...buildEnv(env), SITE_OUT_DIR: job.outDir, SITE_CONTENT_FILE: job.contentFile }, stdio: ['ignore', 'pipe', 'pipe'] });
    const take = (d: Buffer) => job.say(String(d).trimEnd());
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`the build exited with ${code}`))));
  });
}
