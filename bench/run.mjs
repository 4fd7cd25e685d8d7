// `npm run bench`: the foundation's figures, each throughput as a ratio to a raw node:http
// hello world measured in the same run on the same machine.
//   node bench/run.mjs [--duration 10] [--connections 50]
import { fork, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { load, rssMb, shippedJsKb, treeRssMb } from './measure.mjs';
import { ARGON2_OPTIONS, hashPassword } from '@app/api/domain/accounts/passwords';

async function hashTiming() {
  const times = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await hashPassword('benchmark-password');
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[10];
}

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
const opts = { duration: Number(values.duration), connections: Number(values.connections) };
const PORT = 3300;

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3999']);
await new Promise((r) => baseline.once('message', r));

const dataDir = path.join(root, '.data/bench');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54349, env: { LOG_LEVEL: 'warn' }, log: () => {} });
// The front door answers its public host name only.
const origin = stack.url;

try {
  const articles = await (await fetch(`${origin}/api/articles`)).json();
  const free = articles.find((a) => a.membershipRequired === 'free' && !a.hasInteractiveElements);
  console.log(`cold start (fresh data dir, CMS build cached): ${stack.seconds.toFixed(1)} s`);
  console.log(`autocannon -c ${opts.connections} -d ${opts.duration}\n`);

  const rows = [];
  const measure = async (label, url, headers) => {
    const r = await load(url, { ...opts, headers });
    rows.push({ label, ...r });
    return r;
  };
  const base = await measure('raw node:http hello world', 'http://127.0.0.1:3999/');
  await measure(`static article page /articles/${free.id}`, `${origin}/articles/${free.id}`);
  await measure('GET /api/articles (via front door)', `${origin}/api/articles`);
  await measure('GET /api/articles (API port directly)', `${stack.env.API_URL}/api/articles`);

  // Accounts: a signed-in member's GET /api/user (session lookup per request) and sign-in itself,
  // whose cost is the argon2id verification.
  const login = await fetch(`${origin}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'pro_member', password: 'pro-demo-pass' }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  await measure('GET /api/user (signed in)', `${origin}/api/user`, { cookie });
  const pro = articles.find((a) => a.membershipRequired === 'pro');
  await measure(`GET /api/articles/${pro.id} (pro article, pro member)`, `${origin}/api/articles/${pro.id}`, { cookie });
  const loginRun = await load(`${stack.env.API_URL}/api/login`, {
    ...opts,
    connections: 10,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'pro_member', password: 'pro-demo-pass' }),
  });
  rows.push({ label: 'POST /api/login (argon2id verify, -c 10)', ...loginRun });

  for (const r of rows) {
    const ratio = (r.reqPerSec / base.reqPerSec).toFixed(2);
    console.log(`${r.label.padEnd(44)} ${String(Math.round(r.reqPerSec)).padStart(7)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${ratio}×${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`);
  }

  console.log('\nmemory (RSS, MB):');
  for (const [name, s] of Object.entries(stack.services)) console.log(`  ${name.padEnd(12)} ${treeRssMb(s.child.pid)}`);
  console.log(`  ${'baseline'.padEnd(12)} ${rssMb(baseline.pid)}`);

  console.log('');
  const interactive = articles.find((a) => a.hasInteractiveElements && a.membershipRequired === 'free');
  for (const [label, width] of [['desktop 1280', 1280], ['phone 390', 390]]) {
    for (const [page, url] of [['home page', '/'], ['plain free article', `/articles/${free.id}`], ['interactive article', `/articles/${interactive.id}`]]) {
      const js = await shippedJsKb(`${origin}${url}`, width);
      console.log(`JS shipped to the ${page} (${label}, visitor): ${js.gzipKb.toFixed(1)} KB gzip in ${js.files} files`);
    }
  }
  // Membership pages: the plans (a visitor) and the payment page (a free member, demo provider).
  const freeLogin = await fetch(`${origin}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ username: 'free_member', password: 'free-demo-pass' }) });
  const cookies = freeLogin.headers.getSetCookie().map((c) => {
    const [name, value] = c.split(';')[0].split('=');
    return { name, value, url: origin };
  });
  for (const [page, url, opts] of [['/membership (visitor)', '/membership', {}], ['/subscribe (free member, demo provider)', '/subscribe', { cookies }]]) {
    const js = await shippedJsKb(`${origin}${url}`, 1280, opts);
    console.log(`JS shipped to ${page}: ${js.gzipKb.toFixed(1)} KB gzip in ${js.files} files`);
  }
  console.log('');
  await new Promise((resolve) => {
    // /cart and /community: islands that load after the first paint hold their place (CLS ≤ 0.05, issue 25).
    const child = spawn(process.execPath, [path.join(root, 'bench/lighthouse.mjs'), origin, '/', `/articles/${free.id}`, `/articles/${interactive.id}`, '/cart', '/community'], { stdio: 'inherit' });
    child.on('close', resolve);
  });
  const hash = await hashTiming();
  console.log(`\nargon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}: ${hash.toFixed(1)} ms per hash (median of 20)`);
} finally {
  await stack.stop();
  baseline.kill();
}

// The membership figures need a stack with Stripe configured (against a local stand-in); the
// store's place orders into a database of their own.
for (const script of ['membership.mjs', 'store.mjs', 'chat.mjs', 'videos.mjs', 'reads.mjs']) {
  console.log('');
  await new Promise((resolve) => spawn(process.execPath, [path.join(root, 'bench', script)], { stdio: 'inherit' }).on('close', resolve));
}
