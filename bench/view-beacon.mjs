// `node bench/view-beacon.mjs` (issues 47 #3, 53 #3): the view beacon, POST /api/views, in
// requests per second as a ratio to a raw node:http server driven by the same client in the same
// run. Readers come from many addresses (X-Forwarded-For through the trusted loopback proxy) and
// read the sample articles; a second run sends every beacon from one address, as an inflater would.
// BENCH_DURATION seconds each (default 10), BENCH_CONNECTIONS (default 20). The API alone runs in a
// process of its own (view-beacon-api.mjs), and its CPU time per beacon is printed too.
// `--target URL`: a running stack's beacon instead, through its front door (the readers' addresses
// then reach the API behind the door's own, as behind Caddy); the articles are the stack's first three.
import { fork } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { root } from '../scripts/lib/stack.mjs';

const { values } = parseArgs({ options: { target: { type: 'string' } } });

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3997']);
await new Promise((r) => baseline.once('message', r));
const api = values.target ? null : fork(path.join(root, 'bench/view-beacon-api.mjs'));
const base = values.target ?? (await new Promise((r) => api.once('message', r))).base;
const origin = values.target ? new URL(values.target).origin : 'http://localhost:3000';
/** The articles read: the sample's 1–3, or a running stack's first three. */
const articles = values.target ? (await (await fetch(`${base}/api/articles`)).json()).slice(0, 3).map((a) => a.id) : [1, 2, 3];

const run = (url, opts = {}) => new Promise((resolve, reject) => autocannon({ url, connections, duration, ...opts }, (err, r) => (err ? reject(err) : resolve(r))));
let n = 0;
const beacon = (sameAddress) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin, 'user-agent': CHROME },
  requests: [
    {
      setupRequest(req) {
        n++;
        const address = sameAddress ? '203.0.113.7' : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        return { ...req, headers: { ...req.headers, 'x-forwarded-for': address }, body: JSON.stringify({ articleId: articles[n % articles.length] }) };
      },
    },
  ],
});
/** The API process's CPU time so far, in µs (user and system); 0 for a running stack. */
const apiCpu = async () => {
  if (!api) return 0;
  api.send('cpu');
  const { cpu } = await new Promise((r) => api.once('message', r));
  return cpu.user + cpu.system;
};
/** A run against the API, with the API's CPU time per request: steadier than req/s on a shared machine. */
const measured = async (opts) => {
  const before = await apiCpu();
  const result = await run(`${base}/api/views`, opts);
  return { result, cpuPerRequest: ((await apiCpu()) - before) / result.requests.total };
};
try {
  const raw = await run('http://127.0.0.1:3997/');
  const many = await measured(beacon(false));
  const one = await measured(beacon(true));
  const ratio = (r) => (r.requests.average / raw.requests.average).toFixed(3);
  console.log(`raw node:http: ${raw.requests.average.toFixed(0)} req/s`);
  for (const [name, { result, cpuPerRequest }] of [
    ['many readers', many],
    ['one address', one],
  ]) {
    const cpu = api ? `; the API's CPU ${cpuPerRequest.toFixed(0)} µs a beacon` : '';
    console.log(`POST /api/views${api ? '' : ' through the front door'}, ${name}: ${result.requests.average.toFixed(0)} req/s (p99 ${result.latency.p99} ms, ${result.non2xx} not 2xx) — ${ratio(result)}× raw${cpu}`);
  }
  if (api) {
    api.send('stop');
    const { views } = await new Promise((r) => api.on('message', (m) => m.views !== undefined && r(m)));
    console.log(`readings stored after both runs: ${views} (of ${many.result.requests.total + one.result.requests.total} beacons)`);
  }
} finally {
  baseline.kill();
  if (api) setTimeout(() => api.kill(), 5000).unref();
}
