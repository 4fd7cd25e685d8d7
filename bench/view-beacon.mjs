// `node bench/view-beacon.mjs` (issues 47 #3, 53 #3): the view beacon, POST /api/views, in
// requests per second as a ratio to a raw node:http server driven by the same client in the same
// run. Readers come from many addresses (X-Forwarded-For through the trusted loopback proxy) and
// read the sample articles; a second run sends every beacon from one address, as an inflater would.
// BENCH_DURATION seconds each (default 10), BENCH_CONNECTIONS (default 20).
import { fork } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { root } from '../scripts/lib/stack.mjs';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3997']);
await new Promise((r) => baseline.once('message', r));
const api = fork(path.join(root, 'bench/view-beacon-api.mjs'));
const { base } = await new Promise((r) => api.once('message', r));

const run = (url, opts = {}) => new Promise((resolve, reject) => autocannon({ url, connections, duration, ...opts }, (err, r) => (err ? reject(err) : resolve(r))));
let n = 0;
const beacon = (sameAddress) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', 'user-agent': CHROME },
  requests: [
    {
      setupRequest(req) {
        n++;
        const address = sameAddress ? '203.0.113.7' : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        return { ...req, headers: { ...req.headers, 'x-forwarded-for': address }, body: JSON.stringify({ articleId: 1 + (n % 3) }) };
      },
    },
  ],
});
/** The API process's CPU time so far, in µs (user and system). */
const apiCpu = async () => {
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
    console.log(`POST /api/views, ${name}: ${result.requests.average.toFixed(0)} req/s (p99 ${result.latency.p99} ms, ${result.non2xx} not 2xx) — ${ratio(result)}× raw; the API's CPU ${cpuPerRequest.toFixed(0)} µs a beacon`);
  }
  api.send('stop');
  const { views } = await new Promise((r) => api.on('message', (m) => m.views !== undefined && r(m)));
  console.log(`readings stored after both runs: ${views} (of ${many.result.requests.total + one.result.requests.total} beacons)`);
} finally {
  baseline.kill();
  setTimeout(() => api.kill(), 5000).unref();
}
