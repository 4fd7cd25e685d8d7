// `node bench/memory.mjs [demo] [1000] [5000] [--heap]` (issue 50 #5): how the API's memory grows
// with the library. For each size, a throwaway database on the machine's PostgreSQL
// (BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432), a CMS stand-in that
// answers the library in Payload's REST wire format (@app/api/test/fake-cms: the API's real CMS
// client reads it; the CMS's own memory is not what is measured), and the API as it runs in
// production (`node src/server.ts`, with SITE_DIR and SITE_BUILDS_DIR: it builds the site in its
// warm build worker). Reported per size:
//   - the API's peak RSS while it starts (content load, site build, the assistant's indexes);
//   - its idle RSS once everything settled (its CPU quiet), after a reader fetched every article
//     (a crawler), after a content change (one title edited: reload, reindex, rebuild) and after
//     an import of 100 Markdown articles through the upload route (within 10% of before?);
//   - the site build worker's peak RSS (its VmHWM; the build's health-check server apart);
//   - the site server's RSS serving that build after the home page and 200 article pages;
//   - a restart of the API on the same database (as a second instance starts): its idle RSS, the CPU
//     seconds it took to be quiet, and how many texts it encoded again (none: they are in PostgreSQL).
// With --heap, the API writes a heap snapshot when idle and the bench prints what holds its heap:
// the largest object groups by constructor and what retains them. MEMORY_IDLE_MINUTES bounds
// each wait for quiet (default 20): an API still busy then is reported as such. MEMORY_API_DIR runs
// the API from another copy of api/ (inside this repository, for its node_modules): an older commit's
// figures beside this one's. The API runs with the node flags and glibc malloc settings production
// gives it (deploy/shape.mjs API_NODE_FLAGS, API_PROCESS_ENV); MEMORY_API_NODE_FLAGS replaces the
// flags (e.g. --optimize-for-size; "" for none), MEMORY_API_PROCESS_ENV=0 leaves the settings out.
//
// Sentence vectors are stored ahead (memory-vectors.mjs): before the API starts, the bench puts in
// app.sentence_vectors a vector of the real size and format for every text of the library the
// assistant will ask for, so the API reads them back as a restart does instead of encoding the
// library (hours at 5,000 articles on this machine). The memory held is the same; the encoder's
// time is not what is measured. The edit's and the import's new texts are encoded for real.
// --encode leaves the table empty: the first start encodes everything, as a new site's does.
import { fork, spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { startFakeCms } from '@app/api/test/fake-cms';
import { databaseUrl, withClient } from '@app/test-support/pg-admin';
import { root } from '../scripts/lib/stack.mjs';
import { API_NODE_FLAGS, API_PROCESS_ENV } from '../deploy/shape.mjs';
import { zip } from './archive-files.mjs';
import { benchLibrary } from './memory-library.mjs';
import { firstAdminCookie } from './demo-admin.mjs';
import { heapRetainers } from './memory-heap.mjs';
import { cpuTicks, untilQuiet } from './measure.mjs';
import { storeVectorsAhead } from './memory-vectors.mjs';

const args = process.argv.slice(2);
const sizes = args.filter((a) => !a.startsWith('--')).map((a) => (a === 'demo' ? 0 : Number(a)));
if (sizes.length === 0) sizes.push(0, 1000, 5000);
const heap = args.includes('--heap');
const encode = args.includes('--encode');
const IDLE_MS = Number(process.env.MEMORY_IDLE_MINUTES ?? 20) * 60_000;
const SETTLE_MS = 130_000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3870);
const SECRET = 'memory-bench-internal-secret';
const ADMIN = { username: 'BenchAdmin', password: 'Bench-admin-pass-1' };
const dataDir = path.resolve(process.env.MEMORY_DATA_DIR ?? path.join(root, '.data/bench-memory'));
const apiFlags = process.env.MEMORY_API_NODE_FLAGS === undefined ? API_NODE_FLAGS : process.env.MEMORY_API_NODE_FLAGS.split(/\s+/).filter(Boolean);
const apiEnv = process.env.MEMORY_API_PROCESS_ENV === '0' ? {} : API_PROCESS_ENV;

const mb = (kb) => Math.round(kb / 1024);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function status(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM'), anon: kb('RssAnon'), file: kb('RssFile') };
  } catch {
    return null;
  }
}
function descendants(pid) {
  const out = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop();
    let kids = [];
    try {
      kids = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    } catch {}
    out.push(...kids);
    stack.push(...kids);
  }
  return out;
}
const kindOf = (pid) => {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmd.includes('build-worker.ts') || cmd.includes('astro.mjs')) return 'build';
    if (cmd.includes('preview-build.ts')) return 'check';
  } catch {}
  return 'other';
};

/** The API process and its children, sampled every 200 ms: each child kind's highest VmHWM. */
function sampler(apiPid) {
  const peaks = { build: 0, check: 0, other: 0 };
  const timer = setInterval(() => {
    for (const pid of descendants(apiPid)) {
      const s = status(pid);
      const kind = kindOf(pid);
      if (s) peaks[kind] = Math.max(peaks[kind], s.hwm);
    }
  }, 200);
  /** The warm build worker's RSS now (MB; 0 when none is running). */
  const buildNow = () => descendants(apiPid).filter((pid) => kindOf(pid) === 'build').reduce((n, pid) => n + mb(status(pid)?.rss ?? 0), 0);
  return { peaks, buildNow, stop: () => clearInterval(timer) };
}

/** Resolves when the API's log has a line matching `test` (pino JSON lines). */
function logWatch(child) {
  const waiting = [];
  const lines = [];
  let rest = '';
  child.stdout.on('data', (d) => {
    const parts = (rest + d).split('\n');
    rest = parts.pop();
    for (const line of parts) {
      lines.push(line);
      if (lines.length > 200) lines.shift();
      for (const w of [...waiting]) {
        if (!w.test(line)) continue;
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  child.stderr.on('data', (d) => lines.push(String(d)));
  return {
    next: (test, ms) =>
      new Promise((resolve, reject) => {
        const w = { test, resolve };
        waiting.push(w);
        setTimeout(() => reject(new Error(`timed out waiting for ${test}; last lines:\n${lines.slice(-20).join('\n')}`)), ms).unref();
      }),
    tail: () => lines.slice(-20).join('\n'),
  };
}

/** Waits until the process is quiet (the assistant's indexes and the build done). */
const quiet = (pid) => untilQuiet(pid, IDLE_MS);

async function createDatabase(name) {
  await withClient(ADMIN_URL, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${name}`);
  });
  return databaseUrl(ADMIN_URL, name);
}
const dropDatabase = (name) => withClient(ADMIN_URL, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

async function json(url, init) {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(600_000) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return res.json();
}

/** 100 Markdown articles in a ZIP, as an export from a static blog. */
function importArchive(size) {
  const para = (i, k) => `Paragraph ${k} of imported post ${i}: small steps add up when they are written down, done daily and reviewed weekly.`.repeat(3);
  return zip(
    Array.from({ length: 100 }, (_, i) => [
      `_posts/2025-02-${String((i % 28) + 1).padStart(2, '0')}-memory-${size}-${i}.md`,
      `---\ntitle: "Imported memory post ${i}"\ndate: 2025-02-01 09:00:00 +0100\ncategories: [Productivity]\n---\n\n${para(i, 1)}\n\n## A heading\n\n${para(i, 2)}\n\n\`\`\`js\nconst post = ${i};\n\`\`\`\n\n${para(i, 3)}\n`,
    ]),
  );
}

/** The API as it runs in production, on this size's database, CMS stand-in and builds folder. */
function startApi(dir, dbUrl, cmsUrl) {
  return spawn(process.execPath, [...apiFlags, '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.join(dir, 'heap')}`, 'src/server.ts'], {
    cwd: path.resolve(process.env.MEMORY_API_DIR ?? path.join(root, 'api')),
    env: {
      ...process.env,
      ...apiEnv,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      API_PORT: String(PORT),
      API_SOCKET: '',
      DATABASE_URL: dbUrl,
      CMS_URL: cmsUrl,
      INTERNAL_SECRET: SECRET,
      PUBLIC_URL: `http://localhost:${PORT}`,
      SITE_DIR: path.join(root, 'site'),
      SITE_BUILDS_DIR: path.join(dir, 'builds'),
      REBUILD_DEBOUNCE_MS: '200',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_ACCOUNTS: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Rows in the shared sentence vectors (0 where the API has no such table: an older commit). */
const storedVectors = (dbUrl) => withClient(dbUrl, (c) => c.query('select count(*)::int as n from app.sentence_vectors')).then((r) => r.rows[0].n, () => 0);

async function measure(size) {
  const label = size === 0 ? 'demo' : `${size.toLocaleString('en')} articles`;
  const records = await benchLibrary(size);
  const html = records.articles.reduce((n, a) => n + (a.contentHtml?.length ?? 0), 0);
  console.log(`\n${label}: ${records.articles.length} articles, ${(html / 1024 / 1024).toFixed(1)} MB of body HTML`);
  const dbName = `bench_memory_${process.pid}_${size}`;
  const dir = path.join(dataDir, String(size));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'heap'), { recursive: true });
  const dbUrl = await createDatabase(dbName);
  const cms = await startFakeCms(records, SECRET);
  const ahead = encode ? 0 : await storeVectorsAhead(dbUrl, cms.url, SECRET);
  console.log(encode ? '  sentence vectors: none stored ahead (--encode): the first start encodes every text' : `  sentence vectors stored ahead for ${ahead} texts (pseudo-random, real size and format: the API reads them back instead of encoding; the encoder's time is not measured)`);
  const apiUrl = `http://127.0.0.1:${PORT}`;
  let api = startApi(dir, dbUrl, cms.url);
  let log = logWatch(api);
  let samples = sampler(api.pid);
  const row = { label, ahead, loads: [] };
  const line = (what) => {
    const s = status(api.pid);
    const load = loadavg()[0];
    row.loads.push(load);
    console.log(`  ${what}: API RSS ${mb(s.rss)} MB (anonymous ${mb(s.anon)}, files ${mb(s.file)}; peak so far ${mb(s.hwm)} MB) — load average ${load.toFixed(1)}`);
    return s;
  };
  let site = null;
  try {
    const live = log.next((l) => /deployment is live|deployment failed|deployment rolled back/.test(l), 45 * 60_000);
    await log.next((l) => l.includes('content loaded from CMS'), 5 * 60_000);
    line('content loaded');
    const built = await live;
    if (!built.includes('deployment is live')) throw new Error(`the site build failed: ${built.slice(0, 2000)}`);
    line('site built');
    const settled = await quiet(api.pid);
    // Idle is after the sentence encoder's thread has stopped (two quiet minutes).
    if (settled.quiet) await sleep(SETTLE_MS);
    const idle = line(settled.quiet ? `idle (quiet after ${settled.seconds.toFixed(0)} s more)` : `STILL BUSY after ${settled.seconds.toFixed(0)} s`);
    Object.assign(row, { idle: mb(idle.rss), startPeak: mb(idle.hwm), settled: settled.quiet, buildIdle: samples.buildNow(), encodedFirst: (await storedVectors(dbUrl)) - ahead });
    console.log(`  texts the first start encoded itself: ${row.encodedFirst}`);
    console.log(`  the warm build worker, idle: RSS ${row.buildIdle} MB`);

    // A crawler: every article once, as a visitor.
    for (const a of records.articles) await fetch(`${apiUrl}/api/articles/${a.id}`).then((r) => r.arrayBuffer());
    await quiet(api.pid);
    row.afterReads = mb(line('after a visitor read every article').rss);

    // One edit: the CMS changes a title and signals; the API reloads, reindexes and rebuilds.
    writeClearRefs(api.pid);
    const first = records.articles[0];
    cms.set({ ...records, articles: [{ ...first, title: `${first.title} (edited)` }, ...records.articles.slice(1)] });
    const rebuilt = log.next((l) => /deployment is live|deployment failed|deployment rolled back/.test(l), 45 * 60_000);
    await json(`${apiUrl}/api/internal/content-changed`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': SECRET }, body: JSON.stringify({ collection: 'articles', operation: 'update', id: first.id }) });
    await rebuilt;
    await quiet(api.pid);
    // The edited title was encoded: idle again once the encoder's thread has stopped.
    await sleep(SETTLE_MS);
    const edited = line('after one edit (reload, reindex, rebuild)');
    Object.assign(row, { afterEdit: mb(edited.rss), editPeak: mb(edited.hwm) });

    if (heap) row.heap = await heapOf(api.pid, path.join(dir, 'heap'), apiUrl);

    // An import through the upload route (the importer writes through the CMS, then the content reloads).
    await importOnce(api.pid, apiUrl, size, row, line).catch((err) => console.log(`  import not measured: ${err.message}`));

    samples.stop();
    row.buildPeak = mb(samples.peaks.build);
    row.checkPeak = mb(samples.peaks.check);
    console.log(`  site build worker peak ${row.buildPeak} MB; the build's health-check server peak ${row.checkPeak} MB`);

    // A restart on the same database (a second instance starts the same way): the texts every
    // instance encoded are read back from PostgreSQL, not encoded again.
    const vectorsBefore = await storedVectors(dbUrl);
    api.kill('SIGTERM');
    await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
    const restartedAt = Date.now();
    api = startApi(dir, dbUrl, cms.url);
    log = logWatch(api);
    samples = sampler(api.pid);
    await log.next((l) => l.includes('content loaded from CMS'), 5 * 60_000);
    const again = await quiet(api.pid);
    const cpu = cpuTicks(api.pid) / 100;
    const vectorsAfter = await storedVectors(dbUrl);
    if (again.quiet) await sleep(SETTLE_MS);
    const restarted = line(`restarted: quiet ${((Date.now() - restartedAt) / 1000 - (again.quiet ? SETTLE_MS / 1000 : 0)).toFixed(0)} s after starting, ${cpu.toFixed(0)} CPU s; sentence vectors stored ${vectorsBefore} → ${vectorsAfter}`);
    Object.assign(row, { restartIdle: mb(restarted.rss), restartPeak: mb(restarted.hwm), restartCpu: Math.round(cpu), encodedOnRestart: vectorsAfter - vectorsBefore });

    site = spawn(process.execPath, ['server/main.ts'], { cwd: path.join(root, 'site'), env: { ...process.env, NODE_ENV: 'production', SITE_PORT: String(PORT + 1), SITE_HOST: '127.0.0.1', SITE_BUILDS_DIR: path.join(dir, 'builds'), API_URL: apiUrl }, stdio: ['ignore', 'pipe', 'pipe'] });
    await new Promise((resolve, reject) => {
      site.stdout.on('data', (d) => String(d).includes('listening') && resolve());
      site.on('exit', (code) => reject(new Error(`the site server exited (${code})`)));
    });
    const siteUrl = `http://127.0.0.1:${PORT + 1}`;
    await fetch(`${siteUrl}/`).then((r) => r.arrayBuffer());
    for (const a of records.articles.slice(0, 200)) await fetch(`${siteUrl}/articles/${a.id}`).then((r) => r.arrayBuffer());
    const s = status(site.pid);
    row.site = mb(s.rss);
    console.log(`  site server RSS ${row.site} MB (peak ${mb(s.hwm)} MB) after / and 200 article pages`);
    return row;
  } catch (err) {
    console.log(`  failed: ${err.message}\n${log.tail()}`);
    return row;
  } finally {
    samples.stop();
    site?.kill('SIGTERM');
    api.kill('SIGTERM');
    await new Promise((r) => (api.exitCode !== null ? r() : api.once('exit', r)));
    await cms.close();
    await dropDatabase(dbName);
  }
}

async function importOnce(pid, apiUrl, size, row, line) {
  const cookie = await firstAdminCookie(apiUrl, `http://localhost:${PORT}`, ADMIN);
  const before = status(pid).rss;
  writeClearRefs(pid);
  const form = new FormData();
  form.append('file', new Blob([await importArchive(size)]), 'posts.zip');
  form.append('defaultCategory', 'mindset');
  const imported = await fetch(`${apiUrl}/api/admin/articles/upload`, { method: 'POST', body: form, headers: { cookie, origin: `http://localhost:${PORT}` }, signal: AbortSignal.timeout(1_800_000) });
  const importText = await imported.text();
  if (!imported.ok) throw new Error(`the import answered ${imported.status}: ${importText.slice(0, 300)}`);
  await json(`${apiUrl}/api/internal/content-changed`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': SECRET }, body: JSON.stringify({ collection: 'articles', operation: 'create' }) });
  await sleep(2000);
  await quiet(pid);
  // Its new texts were encoded: after once the encoder's thread has stopped, as before.
  await sleep(SETTLE_MS);
  const after = line(`after importing 100 articles (was ${mb(before)} MB before)`);
  Object.assign(row, { beforeImport: mb(before), afterImport: mb(after.rss), importPeak: mb(after.hwm) });
}

/** Resets VmHWM, so the next peak is the next step's own. */
function writeClearRefs(pid) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

async function heapOf(pid, dir, apiUrl) {
  const existing = new Set(readdirSync(dir));
  process.kill(pid, 'SIGUSR2');
  let file = null;
  for (let i = 0; i < 600 && !file; i++) {
    await sleep(1000);
    const found = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !existing.has(f));
    // The snapshot is written on the main thread: once the API answers again, the file is whole.
    if (found && (await fetch(`${apiUrl}/api/health`).then((r) => r.ok, () => false))) file = path.join(dir, found);
  }
  if (!file) return null;
  const report = heapRetainers(file);
  console.log(report.split('\n').map((l) => `    ${l}`).join('\n'));
  return file;
}

// The yardstick: a raw node:http server's RSS, measured in the same run.
const baseline = fork(path.join(import.meta.dirname, 'baseline-server.mjs'), [String(PORT + 2)]);
await new Promise((r) => baseline.once('message', r));
await fetch(`http://127.0.0.1:${PORT + 2}/`).then((r) => r.arrayBuffer());
const raw = mb(status(baseline.pid).rss);
baseline.kill('SIGTERM');
console.log(`raw node:http server: RSS ${raw} MB`);
console.log(`the API runs as ${[...Object.entries(apiEnv).map(([k, v]) => `${k}=${v}`), 'node', ...apiFlags, 'src/server.ts'].join(' ')} (deploy/shape.mjs${process.env.MEMORY_API_NODE_FLAGS === undefined ? '' : ', flags from MEMORY_API_NODE_FLAGS'}${process.env.MEMORY_API_PROCESS_ENV === '0' ? ', without its malloc settings' : ''})`);

const rows = [];
for (const size of sizes) rows.push(await measure(size));

const cell = (v) => (v === undefined ? '—' : String(v));
console.log('\nRSS in MB (API: peak while starting, idle, after reading every article, after one edit and its peak, before/after an import of 100; build worker peak; site server; a restart on the same database: idle (peak), CPU seconds to quiet, texts encoded again; texts whose vectors were stored ahead / encoded by the first start; load average at the steps, lowest–highest):');
console.log('| library | API peak (start) | API idle (× raw node:http) | after reads | after edit (peak) | import before → after (peak) | build worker peak (idle) | site server | restart idle (peak), CPU s, encoded | vectors ahead / encoded | load average |');
console.log('|---|---|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  const ratio = r.idle === undefined ? '' : ` (×${(r.idle / raw).toFixed(1)})`;
  const change = r.afterImport === undefined ? '' : ` (${r.afterImport >= r.beforeImport ? '+' : ''}${(((r.afterImport - r.beforeImport) / r.beforeImport) * 100).toFixed(0)}%)`;
  const loads = r.loads.length ? `${Math.min(...r.loads).toFixed(1)}–${Math.max(...r.loads).toFixed(1)}` : '—';
  console.log(`| ${r.label} | ${cell(r.startPeak)} | ${cell(r.idle)}${ratio}${r.settled === false ? ' busy' : ''} | ${cell(r.afterReads)} | ${cell(r.afterEdit)} (${cell(r.editPeak)}) | ${cell(r.beforeImport)} → ${cell(r.afterImport)}${change} (${cell(r.importPeak)}) | ${cell(r.buildPeak)} (${cell(r.buildIdle)}) | ${cell(r.site)} | ${cell(r.restartIdle)} (${cell(r.restartPeak)}), ${cell(r.restartCpu)} s, ${cell(r.encodedOnRestart)} | ${cell(r.ahead)} / ${cell(r.encodedFirst)} | ${loads} |`);
}
const sized = rows.filter((r) => r.idle !== undefined);
if (sized.length >= 2) {
  const [a, b] = [sized[0], sized.at(-1)];
  const n = (r) => (r.label === 'demo' ? 0 : Number(r.label.replace(/\D/g, '')));
  console.log(`API idle growth: ${(((b.idle - a.idle) / (n(b) - n(a))) * 1000).toFixed(0)} MB per 1,000 articles (${a.label} → ${b.label})`);
}
