// `node bench/memory-cpu.mjs [size]` (issue 50 #5): what the API's memory settings cost in CPU per
// request. The API instances of each variant (its node flags and environment: none, the production
// flags of deploy/shape.mjs, --optimize-for-size, glibc's malloc settings, …) run side by side on one throwaway database with the
// library of `size` generated articles (default 1000; demo: the demo content) served by the CMS
// stand-in, vectors stored ahead as in bench/memory.mjs, no site build (SITE_DIR unset: the build
// worker is not what is measured). Each is loaded in turn at the same fixed rate (autocannon's
// overallRate) with the same mix of reads — an article by id across the library, the list, a
// search, a signed-in GET /api/user, the bulletin — in rounds A B C A B C …, so the machine's load
// falls on every variant alike; reported: CPU ms per request (the API process's user + system
// ticks over the round ÷ answers), the rate reached, p99, the CPU seconds each took to start, and
// each one's RSS idle after starting, after a content change (one title edited: reload, reindex),
// after warming up and after the rounds — the memory side of the same trade, side by side.
//   MEMORY_CPU_RATE (req/s, default 150), MEMORY_CPU_SECONDS (per round, default 30),
//   MEMORY_CPU_ROUNDS (default 3), BENCH_PORT (default 3880)
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startFakeCms } from '@app/api/test/fake-cms';
import { databaseUrl, withClient } from '@app/test-support/pg-admin';
import { root } from '../scripts/lib/stack.mjs';
import { API_NODE_FLAGS, API_PROCESS_ENV } from '../deploy/shape.mjs';
import { benchLibrary } from './memory-library.mjs';
import { firstAdminCookie } from './demo-admin.mjs';
import { cpuTicks, rssMb, untilQuiet } from './measure.mjs';
import { storeVectorsAhead } from './memory-vectors.mjs';

const arg = process.argv[2] ?? '1000';
const size = arg === 'demo' ? 0 : Number(arg);
const RATE = Number(process.env.MEMORY_CPU_RATE ?? 150);
const SECONDS = Number(process.env.MEMORY_CPU_SECONDS ?? 30);
const ROUNDS = Number(process.env.MEMORY_CPU_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3880);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'memory-cpu-bench-internal-secret';
const ADMIN = { username: 'BenchAdmin', password: 'Bench-admin-pass-1' };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** glibc: one malloc arena, large blocks mapped (and unmapped when freed), the top of the heap trimmed early. */
const MALLOC = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '131072' };
const variants = [
  { name: 'no flags', flags: [], env: {} },
  { name: `production: ${[...API_NODE_FLAGS, ...Object.entries(API_PROCESS_ENV).map(([k, v]) => `${k}=${v}`)].join(' ')}`, flags: API_NODE_FLAGS, env: API_PROCESS_ENV },
  { name: '--optimize-for-size', flags: ['--optimize-for-size'], env: {} },
  { name: 'glibc malloc settings', flags: [], env: MALLOC },
  { name: '--compact-on-every-full-gc and malloc settings', flags: ['--compact-on-every-full-gc'], env: MALLOC },
].filter((v, i, all) => all.findIndex((w) => JSON.stringify([w.flags, w.env]) === JSON.stringify([v.flags, v.env])) === i);

function startApi(variant, port, dbUrl, cmsUrl) {
  const child = spawn(process.execPath, [...variant.flags, 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    env: {
      ...process.env,
      ...variant.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      API_PORT: String(port),
      API_SOCKET: '',
      DATABASE_URL: dbUrl,
      CMS_URL: cmsUrl,
      INTERNAL_SECRET: SECRET,
      PUBLIC_URL: `http://localhost:${port}`,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_ACCOUNTS: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { ...variant, child, port, url: `http://127.0.0.1:${port}` };
}

const quiet = (pid) => untilQuiet(pid, 15 * 60_000);

const records = await benchLibrary(size);
const dbName = `bench_memory_cpu_${process.pid}`;
await withClient(ADMIN_URL, (c) => c.query(`CREATE DATABASE ${dbName}`));
const dbUrl = databaseUrl(ADMIN_URL, dbName);
const cms = await startFakeCms(records, SECRET);
const apis = [];
try {
  await storeVectorsAhead(dbUrl, cms.url, SECRET);
  // One at a time to its first answer (the migrations run once), then the others.
  for (const [i, v] of variants.entries()) {
    const api = startApi(v, PORT + i, dbUrl, cms.url);
    apis.push(api);
    for (let t = 0; ; t++) {
      if (await fetch(`${api.url}/api/health`).then((r) => r.ok, () => false)) break;
      if (t > 600 || api.child.exitCode !== null) throw new Error(`${v.name}: the API did not start`);
      await sleep(500);
    }
  }
  for (const api of apis) {
    await quiet(api.child.pid);
    api.startCpu = cpuTicks(api.child.pid) / 100;
    api.idle = rssMb(api.child.pid);
  }
  // A content change (one title edited): every instance reloads and reindexes; what its peak leaves.
  const first = records.articles[0];
  cms.set({ ...records, articles: [{ ...first, title: `${first.title} (edited)` }, ...records.articles.slice(1)] });
  for (const api of apis) {
    const res = await fetch(`${api.url}/api/internal/content-changed`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': SECRET }, body: JSON.stringify({ collection: 'articles', operation: 'update', id: first.id }) });
    if (!res.ok) throw new Error(`${api.name}: content-changed answered ${res.status}`);
  }
  for (const api of apis) await quiet(api.child.pid);
  // The edited title was encoded: read once the encoder's thread has stopped (two quiet minutes), as memory.mjs does.
  await sleep(130_000);
  for (const api of apis) api.edited = rssMb(api.child.pid);
  const ids = records.articles.map((a) => a.id);
  const pick = (i) => ids[(i * 7919) % ids.length];
  const words = ['habit', 'sleep', 'focus', 'journal', 'morning', 'plan', 'review', 'walk'];
  // One session for all (they share the database): the first admin's second factor is set up once.
  const cookie = await firstAdminCookie(apis[0].url, `http://localhost:${apis[0].port}`, ADMIN);
  for (const api of apis) {
    const get = (p, headers = {}) => ({ method: 'GET', path: p, headers });
    // 40 requests a cycle: 24 articles, 4 lists, 4 searches, 4 signed-in /api/user, 4 bulletins.
    api.requests = Array.from({ length: 40 }, (_, i) => {
      if (i % 10 < 6) return get(`/api/articles/${pick(i)}`);
      if (i % 10 === 6) return get('/api/articles');
      if (i % 10 === 7) return get(`/api/search?q=${words[i % words.length]}`);
      if (i % 10 === 8) return get('/api/user', { cookie });
      return get('/api/bulletin');
    });
    // Warm up: every path JIT-compiled, the article answers' cache filled.
    await autocannon({ url: api.url, connections: 10, duration: 15, requests: api.requests });
    await quiet(api.child.pid);
    api.warm = rssMb(api.child.pid);
    api.rounds = [];
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const api of apis) {
      const before = cpuTicks(api.child.pid);
      const load = loadavg()[0];
      const r = await autocannon({ url: api.url, connections: 10, duration: SECONDS, overallRate: RATE, requests: api.requests });
      const ticks = cpuTicks(api.child.pid) - before;
      const answers = r.requests.total;
      api.rounds.push({ msPerRequest: (ticks * 10) / answers, reqPerSec: r.requests.average, p99: r.latency.p99, bad: r.non2xx + r.errors, load });
      console.log(`round ${round + 1} ${api.name}: ${((ticks * 10) / answers).toFixed(3)} CPU ms/request, ${r.requests.average} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors — load average ${load.toFixed(1)}`);
      await sleep(3000);
    }
  }
  console.log(`\n${size === 0 ? 'demo' : size} articles, ${RATE} req/s for ${SECONDS} s × ${ROUNDS} rounds per variant (10 connections):`);
  console.log('| variant | CPU ms/request (median, rounds) | req/s | p99 ms | non-2xx/errors | CPU s to start | RSS idle, after an edit, warm, after the rounds (MB) | load average |');
  console.log('|---|---|---|---|---|---|---|---|');
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const api of apis) {
    const ms = api.rounds.map((r) => r.msPerRequest);
    const loads = api.rounds.map((r) => r.load);
    console.log(`| ${api.name} | ${median(ms).toFixed(3)} (${ms.map((m) => m.toFixed(3)).join(', ')}) | ${median(api.rounds.map((r) => r.reqPerSec))} | ${median(api.rounds.map((r) => r.p99))} | ${api.rounds.reduce((n, r) => n + r.bad, 0)} | ${api.startCpu.toFixed(0)} | ${api.idle}, ${api.edited}, ${api.warm}, ${rssMb(api.child.pid)} | ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} |`);
  }
} finally {
  for (const api of apis) api.child.kill('SIGTERM');
  await Promise.all(apis.map((api) => (api.child.exitCode !== null ? null : new Promise((r) => api.child.once('exit', r)))));
  await cms.close();
  await withClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
}
