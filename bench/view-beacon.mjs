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
try {
  const raw = await run('http://127.0.0.1:3997/');
  const many = await run(`${base}/api/views`, beacon(false));
  const one = await run(`${base}/api/views`, beacon(true));
  const ratio = (r) => (r.requests.average / raw.requests.average).toFixed(3);
  console.log(`raw node:http: ${raw.requests.average.toFixed(0)} req/s`);
  console.log(`POST /api/views, many readers: ${many.requests.average.toFixed(0)} req/s (p99 ${many.latency.p99} ms, ${many.non2xx} not 2xx) — ${ratio(many)}× raw`);
  console.log(`POST /api/views, one address: ${one.requests.average.toFixed(0)} req/s (p99 ${one.latency.p99} ms, ${one.non2xx} not 2xx) — ${ratio(one)}× raw`);
  api.send('stop');
  const { views } = await new Promise((r) => api.on('message', (m) => m.views !== undefined && r(m)));
  console.log(`readings stored after both runs: ${views} (of ${many.requests.total + one.requests.total} beacons)`);
} finally {
  baseline.kill();
  setTimeout(() => api.kill(), 5000).unref();
}
