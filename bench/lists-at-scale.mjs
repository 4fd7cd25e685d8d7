// `node bench/lists-at-scale.mjs [--articles 2000] [--port 3860] [--keep] [--target URL]`: the public lists as the
// library grows (issue 53 #2: at least 0.3× a raw node:http hello world at the demo content, still
// 0.2× at 2,000 articles). On a stack of its own with the demo content, each list a visitor reads
// through the front door (brotli, as a browser asks) is loaded with wrk (one thread, as
// ../shared/bench/edge.sh does) against a raw node:http hello world, interleaved rounds, medians;
// then the articles of a generated library (generated-jekyll-site.mjs) are imported through the admin's
// upload, and the same again once the API is quiet. The site is not rebuilt meanwhile (the lists do
// not come from it). `--keep` leaves the stack running afterwards, its address printed, so that
// edge.sh can be pointed at it; Ctrl-C stops it. `--target URL` measures the lists of a stack that
// is already running (such a kept one, on a machine gone quiet since) and imports nothing.
//   BENCH_ROUNDS (3), BENCH_DURATION (s, 6), BENCH_CONNECTIONS (50)
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { demoAdminCookie } from './demo-admin.mjs';
import { libraryZips, uploadZip } from './generated-jekyll-site.mjs';
import { loadWrk, median, rawGet, untilQuiet, wrkInstalled } from './measure.mjs';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '2000' },
    port: { type: 'string', default: '3860' },
    keep: { type: 'boolean', default: false },
    target: { type: 'string' },
  },
});
if (!wrkInstalled) throw new Error('needs wrk (Debian: apt-get install wrk): autocannon decodes compressed answers into strings and measures itself');
const ARTICLES = Number(values.articles);
const PORT = Number(values.port);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_DURATION ?? 6);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const br = { 'accept-encoding': 'br' };

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), [String(PORT + 9)]);
await new Promise((r) => baseline.once('message', r));
const dataDir = path.join(root, '.data/bench-lists-at-scale');
// No site build while it runs (a day's debounce): a kept stack's build of thousands of pages would land in a later measurement.
const stack = values.target
  ? null
  : await rm(dataDir, { recursive: true, force: true })
      .then(() => startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: PORT + 10_000 + 3, log: () => {}, env: { LOG_LEVEL: 'warn', REBUILD_DEBOUNCE_MS: String(86_400_000) } }))
      .catch((err) => {
        baseline.kill();
        throw err;
      });
const origin = values.target ? new URL(values.target).origin : stack.url;

/** The public lists as a visitor's browser reads them; a category's list for the category with the most articles. */
async function lists() {
  const articles = await (await fetch(`${origin}/api/articles`)).json();
  const perCategory = new Map();
  for (const a of articles) perCategory.set(a.category, (perCategory.get(a.category) ?? 0) + 1);
  const [largest, inLargest] = [...perCategory].sort((a, b) => b[1] - a[1])[0];
  return {
    articles: articles.length,
    urls: [
      [`GET /api/articles (${articles.length})`, '/api/articles'],
      [`GET /api/articles/category/${largest} (${inLargest})`, `/api/articles/category/${largest}`],
      ['GET /api/categories', '/api/categories'],
      ['GET /api/products', '/api/products'],
      ['GET /api/youtube/videos', '/api/youtube/videos'],
    ],
  };
}

/** Each list against the raw hello world, ROUNDS interleaved rounds; prints the medians and ratios. */
async function measure(where) {
  const { articles, urls } = await lists();
  const label = `${where}, ${articles} articles`;
  const raw = [];
  const got = urls.map(() => []);
  const sizes = [];
  for (const [, url] of urls) {
    const answer = await rawGet(`${origin}${url}`, br);
    if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
    sizes.push(answer.body.length);
  }
  for (let round = 0; round < ROUNDS; round++) {
    raw.push((await loadWrk(`http://127.0.0.1:${PORT + 9}/`, { connections, duration })).reqPerSec);
    for (const [i, [, url]] of urls.entries()) {
      const r = await loadWrk(`${origin}${url}`, { connections, duration, headers: br });
      if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} answers not 2xx, ${r.errors} socket errors`);
      got[i].push(r.reqPerSec);
    }
  }
  const hello = median(raw);
  console.log(`${label}: raw node:http hello ${Math.round(hello)} req/s (rounds ${raw.map(Math.round).join(', ')}); wrk -t1 -c${connections} -d${duration}s, ${ROUNDS} rounds, medians`);
  for (const [i, [name]] of urls.entries()) {
    const rps = median(got[i]);
    console.log(`  ${name.padEnd(64)} ${String((sizes[i] / 1024).toFixed(1)).padStart(6)} KB br ${String(Math.round(rps)).padStart(7)} req/s  ${(rps / hello).toFixed(3)}× raw  (rounds ${got[i].map((x) => (x / hello).toFixed(3)).join(', ')})`);
  }
}

try {
  await measure(values.target ? origin : 'the demo content');
  if (stack && ARTICLES > 0) {
    const before = (await lists()).articles;
    const cookie = await demoAdminCookie(stack.env.API_URL, origin);
    const started = performance.now();
    let imported = 0;
    for (const z of await libraryZips(ARTICLES)) imported += (await uploadZip({ api: stack.env.API_URL, origin, cookie }, z)).articlesImported;
    // The read model reloads after an import; the lists follow it.
    const deadline = Date.now() + 10 * 60_000;
    while ((await lists()).articles < before + imported) {
      if (Date.now() > deadline) throw new Error(`the list did not reach ${before + imported} articles within 10 minutes`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    const quiet = await untilQuiet(stack.services.api.child.pid, 10 * 60_000);
    console.log(`imported ${imported} articles in ${((performance.now() - started) / 1000).toFixed(0)} s; the API ${quiet.quiet ? `quiet ${quiet.seconds.toFixed(0)} s later` : 'still busy after 10 minutes'}`);
    await measure(`with ${ARTICLES} more`);
  }
  if (stack && values.keep) {
    console.log(`the stack stays up at ${origin} (Ctrl-C stops it): bash ../shared/bench/edge.sh ${origin}`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  baseline.kill();
  await stack?.stop();
}
