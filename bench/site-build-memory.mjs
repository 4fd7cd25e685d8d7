// `node bench/site-build-memory.mjs [size] [--builds N] [--idle S] [--worker-idle S]` (issue 50 #5): the site build
// worker alone, as the API runs it (api/src/integrations/site-build-worker.ts), on the generated
// library of bench/memory.mjs (memory-library.mjs: the demo content plus `size` articles; 0 or
// "demo" for the demo alone). No API, database or CMS: the snapshot file is written here as the
// API's site builder writes it. Reported: each build's wall time, the worker's CPU seconds for it
// (robust to the machine's load) and its peak RSS (VmHWM, sampled every 200 ms; the peak is reset
// between builds), and the worker's RSS `--idle` seconds after each build (default 20). The first
// build includes starting the worker. `--worker-idle S` sets the runner's idle time (default its
// own, two minutes): with `--idle` above it, each build after the first is a fresh worker's.
import { mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { toSnapshot } from '@app/shared/server';
import { createSiteBuildRunner, WORKER_NODE_FLAGS } from '@app/api/integrations/site-build-worker';
import { root } from '../scripts/lib/stack.mjs';
import { benchLibrary } from './memory-library.mjs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const size = (() => {
  const a = args.find((x, i) => !x.startsWith('--') && !args[i - 1]?.startsWith('--'));
  return !a || a === 'demo' ? 0 : Number(a);
})();
const builds = opt('--builds', 2);
const idleS = opt('--idle', 20);
const workerIdleS = opt('--worker-idle', undefined);
const dir = path.join(root, '.data/bench-site-build-memory');
const mb = (kb) => Math.round(kb / 1024);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg()[0].toFixed(1);

function status(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}
/** CPU seconds of a process (user + system, its threads included). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
function workerPids() {
  let kids = [];
  try {
    kids = readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {}
  return kids.filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('build-worker');
    } catch {
      return false;
    }
  });
}
const resetPeak = (pid) => {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {}
};

rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const records = await benchLibrary(size);
const snapshot = toSnapshot(records, new Date().toISOString());
const contentFile = path.join(dir, 'content.json');
const bodies = records.articles.reduce((n, a) => n + (a.contentHtml?.length ?? 0), 0);
console.log(`library: ${records.articles.length} articles, ${(bodies / 1e6).toFixed(1)} MB of body HTML; the worker's flags: ${WORKER_NODE_FLAGS.join(' ')}`);

const runner = createSiteBuildRunner(process.env, workerIdleS === undefined ? {} : { idleMs: workerIdleS * 1000 });
let peak = 0;
const timer = setInterval(() => {
  for (const pid of workerPids()) peak = Math.max(peak, status(pid)?.hwm ?? 0);
}, 200);

const siteDir = path.join(root, 'site');
const rows = [];
for (let b = 1; b <= builds; b++) {
  // The snapshot file is the build's (the site builder moves it into the build); written again for each.
  writeFileSync(contentFile, JSON.stringify(snapshot));
  const outDir = path.join(dir, `build-${b}`);
  for (const pid of workerPids()) resetPeak(pid);
  peak = 0;
  const loadBefore = load();
  const cpuBefore = new Map(workerPids().map((pid) => [pid, cpuSeconds(pid)]));
  const t0 = performance.now();
  await runner.run({ siteDir, outDir, contentFile, code: 'bench', say: (line) => process.env.BENCH_VERBOSE && console.log(line) });
  const seconds = (performance.now() - t0) / 1000;
  for (const pid of workerPids()) peak = Math.max(peak, status(pid)?.hwm ?? 0);
  // The worker that built (a fresh one's start included); its CPU before this build, if it was running.
  const cpu = workerPids().reduce((n, pid) => n + cpuSeconds(pid) - (cpuBefore.get(pid) ?? 0), 0);
  const pages = readdirSync(outDir, { recursive: true }).filter((f) => String(f).endsWith('.html')).length;
  const buildPeak = mb(peak);
  const afterBuild = workerPids().reduce((n, pid) => n + mb(status(pid)?.rss ?? 0), 0);
  await sleep(idleS * 1000);
  const pids = workerPids();
  const idle = pids.reduce((n, pid) => n + mb(status(pid)?.rss ?? 0), 0);
  const row = { build: b, seconds: Number(seconds.toFixed(1)), cpu: Number(cpu.toFixed(1)), pages, peak: buildPeak, afterBuild, idle, workerRunning: pids.length > 0, load: `${loadBefore}→${load()}` };
  rows.push(row);
  console.log(JSON.stringify(row));
  rmSync(outDir, { recursive: true, force: true });
}
clearInterval(timer);
runner.close();
rmSync(dir, { recursive: true, force: true });
console.log(`\n| build | seconds | worker CPU s | pages | worker peak MB | right after MB | idle after ${idleS}s MB | load (1 min) |`);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.build} | ${r.seconds} | ${r.cpu} | ${r.pages} | ${r.peak} | ${r.afterBuild} | ${r.workerRunning ? r.idle : 'exited'} | ${r.load} |`);
