// `node bench/capacity.mjs`: the site's capacity under a realistic mix, through the front door.
// Visitors read static pages and /api/articles; members (each from an address of their own) read
// their account, gated articles, comments, the bulletin board and favorites, sign in, comment,
// post and order, while members chat over the socket. The rate steps up until p99 exceeds 250 ms
// (or anything fails); then 80% of the last good rate is held for 60 s with the API's RSS sampled
// every second, and every chat message must reach every socket in the room.
//   BENCH_PORT (default 4420), BENCH_MEMBERS (300), BENCH_STEP_SECONDS (10), BENCH_HOLD_SECONDS (60),
//   BENCH_RATES (comma-separated req/s; default 50,100,200,300,400,500,600,700,800,1000,1200),
//   BENCH_HOLD_RATE (req/s held; default 80% of the last good step)
//   BENCH_SHAPE=<N> runs it on the production shape instead (Caddy with deploy/Caddyfile in front of N
//   API instances, on a fresh database of BENCH_DATABASE_URL's server, default the machine's
//   PostgreSQL at 127.0.0.1:5432), with the demo content; the load generator stands for a balancer
//   in front of Caddy (TRUSTED_PROXIES=127.0.0.1/32), so each member keeps an address of their own.
//   BENCH_TARGET=<origin> measures a stack that is already running instead;
//   BENCH_API_PIDS=<pid,…> then names the API processes whose RSS is sampled.
//   BENCH_MINUTES=<N> is the lean-stack run instead (issue 53 #5): no steps; the same mix at
//   BENCH_HOLD_RATE (default 40 req/s) for N minutes with chat running, an editor changing an
//   article's title every BENCH_EDIT_MINUTES (default 10: each a content reload and a site build),
//   and every process of the stack's RSS read each minute (the API, its site build worker apart, the
//   CMS, the front door). Prints each 10 minutes, and the stack's total at every hour with its
//   growth since the hour before.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import WebSocket from 'ws';
import pg from 'pg';
import { orderTotals } from '@app/shared/browser';
import { startProductionShape } from '../scripts/lib/production-shape.mjs';
import { totpCode } from '@app/test-support/second-factor';
import { DEMO_CMS_ADMIN, root, startStack } from '../scripts/lib/stack.mjs';
import { childrenOf, rssMb, treeRssMb } from './measure.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4420);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 10);
const HOLD_SECONDS = Number(process.env.BENCH_HOLD_SECONDS ?? 60);
const RATES = (process.env.BENCH_RATES ?? '50,100,200,300,400,500,600,700,800,1000,1200').split(',').map(Number);
const P99_LIMIT_MS = 250;
const CONNECTIONS = 100;
const CHAT_SENDERS = 20;
const CHAT_LISTENERS = 100;
const CHAT_EVERY_MS = 3000;

const SHAPE_INSTANCES = Number(process.env.BENCH_SHAPE ?? 0);
const LEAN_MINUTES = Number(process.env.BENCH_MINUTES ?? 0);
const EDIT_MINUTES = Number(process.env.BENCH_EDIT_MINUTES ?? 10);
if (LEAN_MINUTES > 0 && (SHAPE_INSTANCES > 0 || process.env.BENCH_TARGET)) throw new Error('BENCH_MINUTES measures a stack of its own: no BENCH_SHAPE, no BENCH_TARGET');
const LIMITS = { REGISTER_LIMIT_PER_HOUR: '100000', REGISTER_DOMAIN_BURST: '100000' };

/** A fresh database on the benchmark's PostgreSQL server for the production shape. */
async function freshDatabase(serverUrl, name) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

let stack = null;
let apiPids;
if (SHAPE_INSTANCES > 0) {
  const databaseUrl = await freshDatabase(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'bench_capacity');
  const dataDir = path.join(root, '.data/bench-capacity-shape');
  await rm(dataDir, { recursive: true, force: true });
  stack = await startProductionShape({
    databaseUrl, apiInstances: SHAPE_INSTANCES, dataDir, publicUrl: `http://localhost:${PORT}`, portBase: PORT + 100, demoContent: true, log: () => {},
    env: { LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1/32', ADMIN_USERNAME: 'bench_admin', ADMIN_PASSWORD: 'bench-admin-pass-1', ADMIN_EMAIL: 'bench_admin@example.com', ...LIMITS },
  });
  apiPids = Array.from({ length: SHAPE_INSTANCES }, (_, i) => stack.services[`api-${i + 1}`].child.pid);
} else if (!process.env.BENCH_TARGET) {
  const dataDir = path.join(root, '.data/bench-capacity');
  await rm(dataDir, { recursive: true, force: true });
  stack = await startStack({
    dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: PORT + 10_000 + 3, log: () => {},
    env: { LOG_LEVEL: 'warn', ...LIMITS },
  });
  apiPids = [stack.services.api.child.pid];
}
const origin = process.env.BENCH_TARGET ?? stack.url;
if (process.env.BENCH_API_PIDS) apiPids = process.env.BENCH_API_PIDS.split(',').map(Number);
const rss = () => apiPids.reduce((n, pid) => n + (rssMb(pid) ?? 0), 0);
const json = { 'content-type': 'application/json', origin };
/** Each member comes from an address of their own, as on the internet (the proxies pass X-Forwarded-For on). */
const addressOf = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
const cookieOf = (res) => res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const pick = (list) => list[Math.floor(Math.random() * list.length)];

try {
  const run = Date.now().toString(36);
  const members = [];
  for (let i = 0; i < MEMBERS; i += 10) {
    members.push(...(await Promise.all(Array.from({ length: Math.min(10, MEMBERS - i) }, async (_, j) => {
      const n = i + j;
      const username = `cap_${run}_${n}`;
      const res = await fetch(`${origin}/api/register`, { method: 'POST', headers: { ...json, 'x-forwarded-for': addressOf(n + 1) }, body: JSON.stringify({ username, email: `${username}@example.com`, password: 'capacity-pass-1' }) });
      if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
      return { username, cookie: cookieOf(res), address: addressOf(n + 1) };
    }))));
  }
  // Every other member pays for Pro (the demo provider, Stripe's test card): commenting is a Pro perk.
  const pro = members.filter((_, i) => i % 2 === 0);
  for (const m of pro) {
    const headers = { ...json, cookie: m.cookie, 'x-forwarded-for': m.address };
    const { clientSecret } = await (await fetch(`${origin}/api/subscription/create`, { method: 'POST', headers, body: JSON.stringify({ plan: 'pro-month' }) })).json();
    const paid = await fetch(`${origin}/api/subscription/demo/confirm`, { method: 'POST', headers, body: JSON.stringify({ clientSecret, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' }) });
    if (paid.status !== 200) throw new Error(`Pro for ${m.username}: ${paid.status} ${await paid.text()}`);
  }
  const articles = await (await fetch(`${origin}/api/articles`)).json();
  const freeArticles = articles.filter((a) => a.membershipRequired === 'free');
  const gated = articles.filter((a) => a.membershipRequired !== 'free');
  const products = (await (await fetch(`${origin}/api/products`)).json()).filter((p) => p.inStock);
  const pages = ['/', '/articles', '/videos', '/store', '/membership', ...freeArticles.slice(0, 10).map((a) => `/articles/${a.id}`)];

  // The mix, in shares of all requests: reading dominates, as on any content site. Writers take
  // turns, so no member passes the per-member limits (5 comments a minute, 5 posts in 10 minutes,
  // 10 orders an hour) at the rates measured here.
  const member = () => pick(members);
  const turns = (list) => {
    let i = 0;
    return () => list[i++ % list.length];
  };
  const nextCommenter = turns(pro);
  const nextPoster = turns(members);
  const nextBuyer = turns([...members].reverse());
  const asMember = (m, extra = {}) => ({ cookie: m.cookie, 'x-forwarded-for': m.address, 'accept-encoding': 'br, gzip', ...extra });
  const ACTIONS = [
    [30, 'visitor page', () => ({ method: 'GET', path: pick(pages), headers: { 'accept-encoding': 'br, gzip' } })],
    [10, 'visitor /api/articles', () => ({ method: 'GET', path: '/api/articles', headers: { 'accept-encoding': 'br, gzip' } })],
    [10, 'member page', () => ({ method: 'GET', path: pick(pages), headers: asMember(member()) })],
    [15, 'member /api/user', () => ({ method: 'GET', path: '/api/user', headers: asMember(member()) })],
    [12, 'member gated article', () => ({ method: 'GET', path: `/api/articles/${pick(gated).id}`, headers: asMember(member()) })],
    [5, 'member comments', () => ({ method: 'GET', path: `/api/articles/${pick(freeArticles).id}/comments`, headers: asMember(member()) })],
    [6, 'member bulletin', () => ({ method: 'GET', path: '/api/bulletin', headers: asMember(member()) })],
    [4, 'member favorites', () => ({ method: 'GET', path: '/api/favorites', headers: asMember(member()) })],
    [1, 'sign in', () => {
      const m = member();
      return { method: 'POST', path: '/api/login', headers: { ...json, 'x-forwarded-for': m.address }, body: JSON.stringify({ username: m.username, password: 'capacity-pass-1' }) };
    }],
    [1, 'comment (Pro member)', () => ({ method: 'POST', path: `/api/articles/${pick(freeArticles).id}/comments`, headers: asMember(nextCommenter(), json), body: JSON.stringify({ content: `A thought from the capacity run ${Math.random().toString(36).slice(2)}` }) })],
    [0.3, 'bulletin post', () => ({ method: 'POST', path: '/api/bulletin', headers: asMember(nextPoster(), json), body: JSON.stringify({ title: 'Capacity run', content: `Posted while measuring ${Math.random().toString(36).slice(2)}`, category: 'General' }) })],
    [0.7, 'order', () => {
      const m = nextBuyer();
      const lines = [{ productId: pick(products).id, quantity: 1 + Math.floor(Math.random() * 3), color: 'black' }].map((l) => ({ ...l, price: products.find((p) => p.id === l.productId).price }));
      const body = { totalAmount: orderTotals(lines, { memberDiscount: pro.includes(m) }).total, shippingAddress: '1 Capacity Street, Loadville, ST 12345, US', items: lines.map(({ productId, quantity, color }) => ({ productId, quantity, color })) };
      return { method: 'POST', path: '/api/orders', headers: asMember(m, { ...json, 'idempotency-key': `cap-${Math.random().toString(36).slice(2)}` }), body: JSON.stringify(body) };
    }],
  ];
  const total = ACTIONS.reduce((n, [w]) => n + w, 0);
  const choose = () => {
    let x = Math.random() * total;
    for (const a of ACTIONS) if ((x -= a[0]) <= 0) return a;
    return ACTIONS[0];
  };

  /** One autocannon run at a fixed overall rate; failures are counted per action. */
  async function atRate(rate, seconds) {
    const failures = new Map();
    const result = await autocannon({
      url: origin, connections: CONNECTIONS, overallRate: rate, duration: seconds, timeout: 10,
      requests: [{
        setupRequest(req, context) {
          const [, name, make] = choose();
          context.action = name;
          return { ...req, ...make() };
        },
        onResponse(status, body, context) {
          if (status >= 400) failures.set(`${context.action} ${status}`, (failures.get(`${context.action} ${status}`) ?? 0) + 1);
        },
      }],
    });
    return { rate, reqPerSec: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, failures: Object.fromEntries(failures) };
  }
  const line = (r) => `${String(r.rate).padStart(5)} req/s asked → ${Math.round(r.reqPerSec).toString().padStart(5)} served, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}${Object.keys(r.failures).length ? ` ${JSON.stringify(r.failures)}` : ''}`;

  console.log(`capacity: ${MEMBERS} members, ${CONNECTIONS} connections, through ${SHAPE_INSTANCES ? `Caddy to ${SHAPE_INSTANCES} API instance${SHAPE_INSTANCES > 1 ? 's' : ''} at ` : ''}${origin}; mix: ${ACTIONS.map(([w, n]) => `${n} ${((100 * w) / total).toFixed(1)}%`).join(', ')}`);

  /** Members chatting in a free room while the load runs: every message must reach every listening socket. */
  async function startChat() {
    const room = (await (await fetch(`${origin}/api/chat/rooms`, { headers: asMember(members[0]) })).json()).find((r) => r.membershipRequired === 'free' && !r.isMuted && !r.isModerated && !r.isArchived);
    const wsUrl = `${origin.replace('http', 'ws')}/ws`;
    const sent = new Set();
    const received = new Map();
    const open = (m, listen) => new Promise((resolve, reject) => {
      const ws = new WebSocket(wsUrl, { headers: { cookie: m.cookie, origin, 'x-forwarded-for': m.address } });
      ws.on('error', reject);
      ws.on('message', (raw) => {
        const msg = JSON.parse(String(raw));
        if (msg.type === 'welcome') ws.send(JSON.stringify({ type: 'join', roomId: room.id }));
        if (msg.type === 'history') resolve(ws);
        if (listen && msg.type === 'message' && sent.has(msg.message.content)) received.set(msg.message.content, (received.get(msg.message.content) ?? 0) + 1);
        if (msg.type === 'error') console.log(`  chat error for ${m.username}: ${msg.message}`);
      });
    });
    const listeners = await Promise.all(members.slice(0, CHAT_LISTENERS).map((m) => open(m, true)));
    const senders = await Promise.all(members.slice(CHAT_LISTENERS, CHAT_LISTENERS + CHAT_SENDERS).map((m) => open(m, false)));
    let chatting = true;
    const chat = Promise.all(senders.map(async (ws, i) => {
      await new Promise((r) => setTimeout(r, (i * CHAT_EVERY_MS) / CHAT_SENDERS));
      for (let k = 0; chatting; k++) {
        const content = `capacity ${i}-${k} ${run}`;
        sent.add(content);
        ws.send(JSON.stringify({ type: 'message', roomId: room.id, content }));
        await new Promise((r) => setTimeout(r, CHAT_EVERY_MS));
      }
    }));
    return async function stopChat() {
      chatting = false;
      await chat;
      await new Promise((r) => setTimeout(r, 3000));
      const expected = sent.size * CHAT_LISTENERS;
      const delivered = [...received.values()].reduce((n, c) => n + c, 0);
      for (const ws of [...listeners, ...senders]) ws.close();
      return `${sent.size} messages from ${CHAT_SENDERS} members to ${CHAT_LISTENERS} listening sockets: ${delivered} of ${expected} deliveries (${expected - delivered} lost)`;
    };
  }

  if (LEAN_MINUTES > 0) {
    await leanRun({ atRate, line, startChat, freeArticles });
  } else {
    let good = null;
    for (const rate of RATES) {
      const r = await atRate(rate, STEP_SECONDS);
      console.log(`  step ${line(r)}`);
      if (r.p99 > P99_LIMIT_MS || r.errors > 0 || r.reqPerSec < rate * 0.9) break;
      good = r;
    }
    if (!good) throw new Error('the first rate already failed (p99 over 250 ms, errors, or not served)');
    console.log(`capacity at p99 ≤ ${P99_LIMIT_MS} ms: ${Math.round(good.reqPerSec)} req/s (the ${good.rate} req/s step)`);

    // The hold: 80% of capacity for a minute, chat running, RSS every second.
    const hold = Number(process.env.BENCH_HOLD_RATE ?? Math.round(good.rate * 0.8));
    const stopChat = await startChat();
    const samples = [];
    const sampler = setInterval(() => samples.push(rss()), 1000);
    samples.push(rss());
    const held = await atRate(hold, HOLD_SECONDS);
    clearInterval(sampler);
    const chatLine = await stopChat();

    console.log(`hold at ${hold} req/s for ${HOLD_SECONDS} s: ${line(held)}`);
    console.log(`  chat: ${chatLine}`);
    const every5 = samples.filter((_, i) => i % 5 === 0);
    console.log(`  API process${apiPids.length > 1 ? 'es\' (summed)' : ''} RSS (MB) every second: start ${samples[0]}, min ${Math.min(...samples)}, max ${Math.max(...samples)}, end ${samples.at(-1)}; every 5 s: ${every5.join(' ')}`);
  }
} finally {
  await stack?.stop();
}

/** The stack's processes by role, RSS in MB: the API (its site build worker apart), the worker, the CMS (Next and its children), the front door (PostgreSQL is not counted: issue 53 #5's stack is these four). */
function stackRss() {
  const cmdline = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      return '';
    }
  };
  const api = stack.services.api.child.pid;
  const workers = childrenOf(api).filter((pid) => cmdline(pid).includes('build-worker'));
  const worker = workers.reduce((n, pid) => n + treeRssMb(pid), 0);
  const roles = {
    API: treeRssMb(api) - worker,
    'site build worker': worker,
    CMS: treeRssMb(stack.services.cms.child.pid),
    'front door': treeRssMb(stack.services['front-door'].child.pid),
  };
  return { roles, stack: Object.values(roles).reduce((a, b) => a + b, 0) };
}

/**
 * The lean-stack run (issue 53 #5): the mix at a steady rate for BENCH_MINUTES with chat running and
 * an editor's change every BENCH_EDIT_MINUTES; every process's RSS each minute, a line each 10
 * minutes, the totals at every hour.
 */
async function leanRun({ atRate, line, startChat, freeArticles }) {
  const rate = Number(process.env.BENCH_HOLD_RATE ?? 40);
  const cmsOrigin = { origin: stack.url };
  const login = await fetch(`${stack.url}/cms/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json', ...cmsOrigin }, body: JSON.stringify({ email: DEMO_CMS_ADMIN.email, password: DEMO_CMS_ADMIN.password, code: totpCode(DEMO_CMS_ADMIN.totpSecret) }) });
  if (!login.ok) throw new Error(`the editor's sign-in answered ${login.status}: ${await login.text()}`);
  const editor = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const edit = async (minute) => {
    const article = freeArticles[(minute / EDIT_MINUTES) % freeArticles.length];
    const res = await fetch(`${stack.url}/cms/api/articles/${article.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', cookie: editor, ...cmsOrigin }, body: JSON.stringify({ title: `${article.title.replace(/ \(edited .*\)$/, '')} (edited at minute ${minute})` }) });
    if (!res.ok) throw new Error(`the editor's change answered ${res.status}: ${await res.text()}`);
  };
  const format = (s) => `${Object.entries(s.roles).map(([k, v]) => `${k} ${v}`).join(', ')}; stack ${s.stack} MB`;
  console.log(`lean stack: ${rate} req/s of the mix for ${LEAN_MINUTES} minutes, chat running, an editor's change every ${EDIT_MINUTES} minutes`);
  const stopChat = await startChat();
  const atStart = stackRss();
  console.log(`  minute 0: ${format(atStart)}`);
  const hours = [atStart];
  let errors = 0;
  const failures = {};
  for (let minute = 1; minute <= LEAN_MINUTES; minute++) {
    if ((minute - 1) % EDIT_MINUTES === 0) await edit(minute - 1);
    const r = await atRate(rate, 60);
    errors += r.errors;
    for (const [k, v] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + v;
    const s = stackRss();
    if (minute % 10 === 0 || minute === 1) console.log(`  minute ${minute}: ${format(s)}; last minute ${line(r)}`);
    if (minute % 60 === 0) {
      hours.push(s);
      const before = hours.at(-2);
      console.log(`  hour ${minute / 60}: stack ${s.stack} MB (${s.stack <= 1024 ? 'within' : 'over'} 1 GB), ${s.stack - before.stack >= 0 ? '+' : ''}${s.stack - before.stack} MB since ${minute === 60 ? 'the start' : `hour ${minute / 60 - 1}`}; by process ${Object.entries(s.roles).map(([k, v]) => `${k} ${v - before.roles[k] >= 0 ? '+' : ''}${v - before.roles[k]}`).join(', ')}`);
    }
  }
  console.log(`  chat: ${await stopChat()}`);
  console.log(`  requests failed over the run: ${errors}${Object.keys(failures).length ? ` ${JSON.stringify(failures)}` : ''}`);
}
