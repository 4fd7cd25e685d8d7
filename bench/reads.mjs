// `node bench/reads.mjs` (also run by `npm run bench`): the read paths of issue 27, each as
// a ratio to a raw node:http hello world measured in the same run (the better of a measurement
// before and after the rows, so a noisy neighbour cannot flatter the ratios).
//  - a signed-in member's reads, on the API port and through the front door: GET /api/user, a Pro
//    article as a Pro member, GET /api/favorites; and the public lists GET /api/bulletin and
//    GET /api/youtube/videos (also revalidated with If-None-Match); a visitor's GET /api/articles and
//    GET /api/youtube/videos (brotli), which the front door answers itself (issue 53 #2);
//  - a static article page through the front door: brotli, gzip, uncompressed, and revalidated (304),
//    with one client thread and again with two, each against a raw node:http server loaded the same way.
// Each with autocannon and, when installed, with wrk. autocannon (Node) appends every answer's body
// to a string: for a compressed page (~7 KB of binary) that decoding, not the front door, is the limit
// (a raw node:http server sending 7 KB of random bytes answers autocannon at a fifth of its
// hello-world rate; 7 KB of ASCII, at three quarters). wrk (C, Debian's `wrk`) reads bytes as bytes.
//   BENCH_DURATION (s, default 8), BENCH_CONNECTIONS (default 50), BENCH_PORT (default 4400),
//   BENCH_CLIENTS (default autocannon,wrk)
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { load, loadWrk, rawGet, wrkInstalled } from './measure.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4400);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const wanted = (process.env.BENCH_CLIENTS ?? 'autocannon,wrk').split(',');
const clients = [['autocannon', load], ...(wrkInstalled ? [['wrk', loadWrk]] : [])].filter(([name]) => wanted.includes(name));
if (wanted.includes('wrk') && !wrkInstalled) console.log('wrk is not installed (Debian: apt-get install wrk): measuring with autocannon only');


const sameBytes = fork(path.join(root, 'bench/same-bytes-server.mjs'));
const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), [String(PORT + 9)]);
await new Promise((r) => baseline.once('message', r));
const dataDir = path.join(root, '.data/bench-reads');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: PORT + 10_000 + 3, env: { LOG_LEVEL: 'warn' }, log: () => {} }).catch((err) => {
  baseline.kill();
  sameBytes.kill();
  throw err;
});
const origin = stack.url;
const api = stack.env.API_URL;
const json = { 'content-type': 'application/json', origin };

try {
  const login = await fetch(`${api}/api/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'pro_member', password: 'pro-demo-pass' }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const articles = await (await fetch(`${api}/api/articles`)).json();
  const pro = articles.find((a) => a.membershipRequired === 'pro');
  const free = articles.find((a) => a.membershipRequired === 'free' && !a.hasInteractiveElements);
  const videos = await (await fetch(`${api}/api/youtube/videos`)).json();
  for (const v of videos.slice(0, 10)) await fetch(`${api}/api/favorites/${v.id}`, { method: 'POST', headers: { ...json, cookie } });
  await fetch(`${api}/api/bulletin`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify({ title: 'Benchmark post', content: 'A post for the benchmark to read.', category: 'general' }) });
  const etagOf = async (url, headers = {}) => (await fetch(url, { headers })).headers.get('etag');

  const page = `${origin}/articles/${free.id}`;
  const pageTag = await etagOf(page, { 'accept-encoding': 'br, gzip' });
  // The page's three answers, byte for byte, for the same-bytes yardstick.
  const answers = {};
  for (const encoding of ['br', 'gzip', 'identity']) {
    const { kept: headers, body } = await rawGet(page, { 'accept-encoding': encoding });
    answers[encoding] = { headers, body: body.toString('base64') };
  }
  sameBytes.send({ port: PORT + 8, answers });
  await new Promise((r) => sameBytes.once('message', r));
  const bulletinTag = await etagOf(`${origin}/api/bulletin`);
  // A visitor's list has a tag per coding (issue 53 #2): the one the revalidating client (no Accept-Encoding) holds.
  const videosTag = await etagOf(`${origin}/api/youtube/videos`, { 'accept-encoding': 'identity' });

  for (const [client, measure] of clients) {
    const before = await measure(`http://127.0.0.1:${PORT + 9}/`, { connections, duration });
    const rows = [];
    const row = async (label, url, headers) => rows.push([label, await measure(url, { connections, duration, headers })]);
    for (const [where, base] of [['API port', api], ['front door', origin]]) {
      await row(`GET /api/user (Pro member) — ${where}`, `${base}/api/user`, { cookie });
      await row(`GET /api/articles/${pro.id} (Pro article, Pro member) — ${where}`, `${base}/api/articles/${pro.id}`, { cookie });
      await row(`GET /api/favorites (10 saved) — ${where}`, `${base}/api/favorites`, { cookie });
      await row(`GET /api/bulletin (visitor) — ${where}`, `${base}/api/bulletin`);
      await row(`GET /api/bulletin (Pro member) — ${where}`, `${base}/api/bulletin`, { cookie });
      await row(`GET /api/youtube/videos (Pro member) — ${where}`, `${base}/api/youtube/videos`, { cookie });
      // A visitor's public list: on the API port the API answers it; through the front door, the door (issue 53 #2).
      await row(`GET /api/articles (visitor, brotli) — ${where}`, `${base}/api/articles`, { 'accept-encoding': 'br' });
      await row(`GET /api/youtube/videos (visitor, brotli) — ${where}`, `${base}/api/youtube/videos`, { 'accept-encoding': 'br' });
    }
    if (bulletinTag) await row('GET /api/bulletin revalidated (304) — front door', `${origin}/api/bulletin`, { 'if-none-match': bulletinTag });
    if (videosTag) await row('GET /api/youtube/videos revalidated (304, visitor) — front door', `${origin}/api/youtube/videos`, { 'if-none-match': videosTag });
    const staticRows = [];
    for (const workers of [1, 2]) {
      const threads = `${workers} client thread${workers > 1 ? 's' : ''}`;
      const raw = await measure(`http://127.0.0.1:${PORT + 9}/`, { connections, duration, workers });
      const staticRow = async (label, headers, same = true) => {
        const r = await measure(page, { connections, duration, headers, workers });
        const bytes = same ? await measure(`http://127.0.0.1:${PORT + 8}/`, { connections, duration, headers, workers }) : null;
        staticRows.push([`${label} — front door, ${threads}`, r, raw, bytes]);
      };
      await staticRow('static article page, brotli', { 'accept-encoding': 'br, gzip' });
      await staticRow('static article page, gzip', { 'accept-encoding': 'gzip' });
      await staticRow('static article page, uncompressed', { 'accept-encoding': 'identity' });
      if (pageTag) await staticRow('static article page revalidated (304)', { 'accept-encoding': 'br, gzip', 'if-none-match': pageTag }, false);
    }
    const after = await measure(`http://127.0.0.1:${PORT + 9}/`, { connections, duration });
    const base = before.reqPerSec > after.reqPerSec ? before : after;

    console.log(`reads, ${client} -c ${connections} -d ${duration}; raw node:http hello world ${Math.round(base.reqPerSec)} req/s (before ${Math.round(before.reqPerSec)}, after ${Math.round(after.reqPerSec)})`);
    for (const [label, r] of rows) {
      const flag = (r.non2xx && !label.includes('304')) || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : '';
      console.log(`  ${label.padEnd(64)} ${String(Math.round(r.reqPerSec)).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${(r.reqPerSec / base.reqPerSec).toFixed(3)}×${flag}`);
    }
    console.log(`static pages, each against raw node:http loaded by the same ${client} client (and against raw node:http sending the page's very bytes):`);
    for (const [label, r, raw, bytes] of staticRows) {
      const flag = (r.non2xx && !label.includes('304')) || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : '';
      const same = bytes ? `; same bytes ${Math.round(bytes.reqPerSec)} → ${(r.reqPerSec / bytes.reqPerSec).toFixed(3)}×` : '';
      console.log(`  ${label.padEnd(64)} ${String(Math.round(r.reqPerSec)).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${(r.reqPerSec / raw.reqPerSec).toFixed(3)}× (raw ${Math.round(raw.reqPerSec)}${same})${flag}`);
    }
  }
} finally {
  await stack.stop();
  baseline.kill();
  sameBytes.kill();
}
