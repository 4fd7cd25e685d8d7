// `npm run bench`: the foundation's figures, each throughput as a ratio to a raw node:http
// hello world measured in the same run on the same machine.
//   node scripts/bench/run.mjs [--duration 10] [--connections 50]
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, startStack } from '../lib/stack.mjs';
import { load, rssMb, shippedJsKb, treeRssMb } from './measure.mjs';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
const opts = { duration: Number(values.duration), connections: Number(values.connections) };
const PORT = 3300;

const baseline = fork(path.join(root, 'scripts/bench/baseline-server.mjs'), ['3999']);
await new Promise((r) => baseline.once('message', r));

const dataDir = path.join(root, '.data/bench');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54349, env: { LOG_LEVEL: 'warn' }, log: () => {} });
const origin = `http://127.0.0.1:${PORT}`;

try {
  const articles = await (await fetch(`${origin}/api/articles`)).json();
  const free = articles.find((a) => a.membershipRequired === 'free');
  console.log(`cold start (fresh data dir, CMS build cached): ${stack.seconds.toFixed(1)} s`);
  console.log(`autocannon -c ${opts.connections} -d ${opts.duration}\n`);

  const rows = [];
  const measure = async (label, url) => {
    const r = await load(url, opts);
    rows.push({ label, ...r });
    return r;
  };
  const base = await measure('raw node:http hello world', 'http://127.0.0.1:3999/');
  await measure(`static article page /articles/${free.id}`, `${origin}/articles/${free.id}`);
  await measure('GET /api/articles (via front door)', `${origin}/api/articles`);
  await measure('GET /api/articles (API port directly)', `${stack.env.API_URL}/api/articles`);

  for (const r of rows) {
    const ratio = (r.reqPerSec / base.reqPerSec).toFixed(2);
    console.log(`${r.label.padEnd(44)} ${String(Math.round(r.reqPerSec)).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${ratio}×${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`);
  }

  console.log('\nmemory (RSS, MB):');
  for (const [name, s] of Object.entries(stack.services)) console.log(`  ${name.padEnd(12)} ${treeRssMb(s.child.pid)}`);
  console.log(`  ${'baseline'.padEnd(12)} ${rssMb(baseline.pid)}`);

  for (const [label, width] of [['desktop 1280', 1280], ['phone 390', 390]]) {
    const js = await shippedJsKb(`${origin}/`, width);
    console.log(`\nJS shipped to the home page (${label}): ${js.gzipKb.toFixed(1)} KB gzip in ${js.files} files`);
  }
} finally {
  await stack.stop();
  baseline.kill();
}
