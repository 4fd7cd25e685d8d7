// A site build's pages rendered on demand, in a thread of the build's own (page-thread.ts; issue 53
// #5). Node never unloads an ES module it has imported, and every build's server entry is a module
// graph of its own (Astro writes the build's folder into its bundle): rendered in the site server's
// thread, every build it had served stayed in its memory (1.7 MB each before a page was rendered,
// about 8 MB once pages had been: bench/build-swaps.mjs's swaps). In a thread of its own,
// a build's modules go when the thread ends: once a newer build is live and the requests the old one
// took are answered. Requests go to the thread over kept-alive connections to its unix socket; the
// answers stream back as they come.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { HOP_BY_HOP_HEADERS } from '@app/shared/hop-by-hop';
import { socketAnswers } from '@app/shared/unix-socket';
import type { PageThreadData } from './page-thread.ts';

/** The thread's answer to a request no page of the build takes (Astro's `next`). */
const NO_PAGE_HEADER = 'x-site-no-page';
/** How long a retired build's thread waits for requests it took before it ends regardless (the front door's own upstream timeout). */
const RETIRED_GRACE_MS = 120_000;
/** How long after a thread ended unasked (an error nothing caught) the next one may start. */
const RESTART_AFTER_MS = 1_000;
/** How long a page read that found no thread (one ending unasked) waits for the next one, and how often it tries. */
const RETRY_FOR_MS = 10_000;
const RETRY_EVERY_MS = 100;
// Hop-by-hop headers belong to one connection; Expect was answered already.
const HOP_BY_HOP = new Set([...HOP_BY_HOP_HEADERS, 'expect']);

export type PageRenderer = {
  /** Renders the request's page, or calls `noPage` when the build has none for it. */
  render(req: IncomingMessage, res: ServerResponse, noPage: () => void): void;
  /** Ends the thread once the requests it took are answered; `ended` settles then. */
  retire(): void;
  ended: Promise<void>;
};

let threadsStarted = 0;
/** The sockets of threads still running, removed as the process exits (its threads end with it, leaving their files). */
const liveSockets = new Set<string>();
process.once('exit', () => {
  for (const socketPath of liveSockets) rmSync(socketPath, { force: true });
});
let strayRemoved = false;

/**
 * Removes the sockets processes killed outright left behind (SIGKILL, a test runner ending its
 * workers): those of a process that no longer runs here and that nothing listens on (another
 * process-id space's thread may, with the same /tmp). Best effort,
 * beside the build's loading: a file it may not remove (another user's) stays.
 */
async function removeStraySockets() {
  strayRemoved = true;
  const dir = tmpdir();
  for (const name of await readdir(dir).catch(() => [])) {
    const pid = Number(/^site-pages-(\d+)-.*\.sock$/.exec(name)?.[1]);
    const file = path.join(dir, name);
    if (pid && pid !== process.pid && !running(pid) && !(await socketAnswers(file))) await rm(file, { force: true }).catch(() => {});
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/** Starts the build's thread (its server entry imported there) and resolves once it answers; rejects if the entry cannot be loaded. */
export async function startPageRenderer(entry: string, siteSettings: unknown, log: (msg: string) => void = () => {}): Promise<PageRenderer> {
  if (!strayRemoved) void removeStraySockets();
  // Random as well: a process may load this module more than once (a test runner's contexts), each counting from one.
  const socketPath = path.join(tmpdir(), `site-pages-${process.pid}-${++threadsStarted}-${randomBytes(4).toString('hex')}.sock`);
  const agent = new Agent({ keepAlive: true, maxSockets: 256, timeout: 60_000 });
  let thread: Promise<Worker> | null = null;
  let inFlight = 0;
  let retired = false;
  let restartAt = 0;
  let endThread: (() => void) | null = null;
  let graceTimer: NodeJS.Timeout | undefined;
  const ended = new Promise<void>((resolve) => (endThread = resolve));

  /** Starts the thread; after one that ended unasked, no sooner than RESTART_AFTER_MS after it (a thread that fails at once does not spin). */
  function start(): Promise<Worker> {
    const wait = restartAt - Date.now();
    if (wait <= 0) return spawn();
    return new Promise((resolve) => setTimeout(resolve, wait)).then(spawn);
  }

  function spawn(): Promise<Worker> {
    rmSync(socketPath, { force: true });
    liveSockets.add(socketPath);
    const data: PageThreadData = { entry, socketPath, siteSettings, noPageHeader: NO_PAGE_HEADER };
    const worker = new Worker(new URL('./page-thread.ts', import.meta.url), { workerData: data });
    // The site server's process ends when it is told to, whatever its threads are doing.
    worker.unref();
    worker.on('error', (err) => log(`the page thread of ${entry} failed: ${err.message}`));
    worker.once('exit', () => {
      rmSync(socketPath, { force: true });
      liveSockets.delete(socketPath);
      agent.destroy();
      // Ended unasked (an error nothing caught): started again on the next request.
      thread = null;
      restartAt = Date.now() + RESTART_AFTER_MS;
      if (retired) endThread?.();
    });
    return new Promise<Worker>((resolve, reject) => {
      worker.once('message', () => resolve(worker));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the page thread ended (${code}) before it answered`)));
    });
  }

  function retire() {
    if (retired) return;
    retired = true;
    if (inFlight === 0) return void end();
    graceTimer = setTimeout(end, RETIRED_GRACE_MS).unref();
  }

  function end() {
    clearTimeout(graceTimer);
    if (!thread) return endThread?.();
    thread.then(
      (worker) => void worker.terminate(),
      () => endThread?.(),
    );
  }

  function render(req: IncomingMessage, res: ServerResponse, noPage: () => void) {
    inFlight++;
    res.once('close', () => {
      if (--inFlight === 0 && retired) end();
    });
    (thread ??= start()).then(
      () => relay(req, res, noPage),
      (err: Error) => unavailable(res, err),
    );
  }

  function relay(req: IncomingMessage, res: ServerResponse, noPage: () => void, giveUpAt = Date.now() + RETRY_FOR_MS) {
    if (res.destroyed) return;
    const upstream = request({ socketPath, agent, method: req.method, path: req.url, headers: passedOn(req.rawHeaders) }, (answer) => {
      if (answer.headers[NO_PAGE_HEADER] !== undefined) {
        answer.resume();
        return noPage();
      }
      res.writeHead(answer.statusCode ?? 502, passedOn(answer.rawHeaders));
      // A thread that ends mid-answer cuts the visitor's answer short (its length or last chunk never comes).
      pipeline(answer, res, () => {});
    });
    upstream.on('error', (err) => {
      // A read the thread never answered (it was ending: an error nothing caught) goes to the next
      // one, as a visitor's reload would; anything else with a body may have been acted on.
      if (res.headersSent || res.destroyed || (req.method !== 'GET' && req.method !== 'HEAD') || Date.now() > giveUpAt) return unavailable(res, err);
      setTimeout(() => {
        (thread ??= start()).then(
          () => relay(req, res, noPage, giveUpAt),
          (failed: Error) => unavailable(res, failed),
        );
      }, RETRY_EVERY_MS);
    });
    // A visitor who leaves mid-answer ends the thread's request too.
    res.once('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  }

  function unavailable(res: ServerResponse, err: Error) {
    log(`a page of ${entry} could not be rendered: ${err.message}`);
    if (res.headersSent || res.destroyed) return void res.destroy();
    res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('Service temporarily unavailable');
  }

  thread = start();
  await thread;
  return { render, retire, ended };
}

/** The headers as a flat list (as `rawHeaders`), without the hop-by-hop ones. */
function passedOn(raw: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const [name = '', value = ''] = [raw[i], raw[i + 1]];
    if (!HOP_BY_HOP.has(name.toLowerCase())) out.push(name, value);
  }
  return out;
}
