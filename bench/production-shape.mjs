// Faults survived by the production shape, with figures (issue 26). Runs the shape (Caddy, two API
// instances, the CMS, the site server) on a PostgreSQL cluster of its own — `faults`, port 5440,
// created here when missing — because it restarts that server under load (other engineers' tests
// use the machine's main cluster). Run it alone, under the e2e lock:
//   flock -w 2400 /tmp/e2e.lock scripts/node.sh node bench/production-shape.mjs
// Prints each fault's outcome and the figures; exits 1 when a fault was not survived.
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { WebSocket } from 'ws';
import { totpCode } from '@app/test-support/second-factor';
import { startProductionShape } from '../scripts/lib/production-shape.mjs';
import { firstAdminCookie } from './demo-admin.mjs';
import { root } from '../scripts/lib/stack.mjs';
import { load } from './measure.mjs';

const CLUSTER = { version: '15', name: 'faults', port: 5440 };
const PUBLIC_URL = process.env.PUBLIC_URL ?? 'http://localhost:8080';
const dataDir = '/tmp/better-self-shape-faults';
/** The CMS editor's authenticator key (CMS_ADMIN_TOTP_SECRET): a password alone opens no CMS session (issue 52). */
const EDITOR_AUTHENTICATOR = 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA';
const failures = [];
const figures = {};
const check = (ok, what) => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures.push(what);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function ensureFaultsCluster() {
  const listed = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' }).stdout;
  if (!listed.split('\n').some((l) => l.split(/\s+/)[1] === CLUSTER.name)) {
    execFileSync('pg_createcluster', [CLUSTER.version, CLUSTER.name, '-p', String(CLUSTER.port)], { stdio: 'ignore' });
    const hba = `/etc/postgresql/${CLUSTER.version}/${CLUSTER.name}/pg_hba.conf`;
    execFileSync('sh', ['-c', `printf 'host all all 127.0.0.1/32 trust\\n' | cat - ${hba} > ${hba}.new && mv ${hba}.new ${hba} && chown postgres ${hba}`]);
  }
  if (spawnSync('pg_isready', ['-h', '127.0.0.1', '-p', String(CLUSTER.port), '-q']).status !== 0) {
    execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', CLUSTER.version, CLUSTER.name, 'start'], { stdio: 'ignore' });
  }
}

async function sql(text, params = [], database = 'shape_faults') {
  const c = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${CLUSTER.port}/${database}` });
  await c.connect();
  try {
    return (await c.query(text, params)).rows;
  } finally {
    await c.end();
  }
}

/** A cookie-keeping client of the public origin (or one instance); `xff` poses as a visitor address. */
function client(base = PUBLIC_URL, { xff } = {}) {
  const jar = new Map();
  const call = async (method, p, body, headers = {}) => {
    const res = await fetch(base + p, {
      method,
      redirect: 'manual',
      signal: AbortSignal.timeout(15_000),
      headers: { origin: PUBLIC_URL, ...(xff ? { 'x-forwarded-for': xff } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [k, v] = c.split(';')[0].split('=');
      jar.set(k, v);
    }
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: json, text, headers: res.headers };
  };
  return { jar, cookie: () => [...jar].map(([k, v]) => `${k}=${v}`).join('; '), get: (p, h) => call('GET', p, undefined, h), post: (p, b = {}, h) => call('POST', p, b, h), patch: (p, b) => call('PATCH', p, b) };
}

async function newMember(shape, n) {
  const username = `faults_${Date.now().toString(36)}_${n}`;
  const http = client(PUBLIC_URL, { xff: `10.9.${Math.floor(n / 250)}.${(n % 250) + 1}` });
  const r = await http.post('/api/register', { username, email: `${username}@example.com`, password: 'member-pass-1' });
  if (r.status !== 201) throw new Error(`register ${r.status} ${r.text}`);
  for (let i = 0; i < 100; i++) {
    const mail = (existsSync(shape.mailFile) ? readFileSync(shape.mailFile, 'utf8') : '').split('\n').filter(Boolean).map((l) => JSON.parse(l)).find((m) => m.to.includes(`${username}@example.com`));
    if (mail) {
      const token = decodeURIComponent(/\/auth\?confirm-token=(\S+)/.exec(mail.text)[1]);
      const c = await http.post('/api/auth/confirm-email', { token });
      return { username, id: c.body.id, http };
    }
    await sleep(100);
  }
  throw new Error('no confirmation mail');
}

async function seedContent() {
  const editor = client();
  const login = await editor.post('/cms/api/users/login', { email: 'editor@faults.test', password: 'editor-pass-2026', code: totpCode(EDITOR_AUTHENTICATOR) });
  if (login.status !== 200) throw new Error(`CMS login ${login.status}`);
  const cat = await editor.post('/cms/api/categories', { title: 'Faults', slug: 'faults' });
  const node = { direction: null, format: '', indent: 0, version: 1 };
  const richText = { root: { ...node, type: 'root', children: [{ ...node, type: 'paragraph', textFormat: 0, children: [{ type: 'text', version: 1, text: 'Steady words.', format: 0, detail: 0, mode: 'normal', style: '' }] }] } };
  const article = await editor.post('/cms/api/articles', { title: 'A steady article', excerpt: 'Steady.', membershipRequired: 'free', category: cat.body.doc.id, content: richText, _status: 'published' });
  const product = await editor.post('/cms/api/products', { name: 'Faults Mug', price: 1200, category: 'Home', inStock: true, _status: 'published' });
  return { editor, articleId: article.body.doc.id, productId: product.body.doc.id };
}

/** Steady sequential GETs from `workers` loops until `stop()`; counts every outcome. */
function steadyLoad(url, { workers = 8, headers = {} } = {}) {
  const outcome = { ok: 0, statuses: {}, errors: 0, slowest: 0, samples: [] };
  let running = true;
  const loops = Array.from({ length: workers }, async () => {
    while (running) {
      const t = Date.now();
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
        const body = await res.text();
        if (res.status === 200) outcome.ok += 1;
        else {
          outcome.statuses[res.status] = (outcome.statuses[res.status] ?? 0) + 1;
          if (outcome.samples.length < 3) outcome.samples.push(`${res.status} ${body.slice(0, 120)}`);
        }
        outcome.last = { at: Date.now(), status: res.status };
        (outcome.timeline ??= []).push([Date.now(), res.status]);
      } catch (err) {
        outcome.errors += 1;
        (outcome.timeline ??= []).push([Date.now(), 0]);
        if (outcome.samples.length < 3) outcome.samples.push(err.message);
      }
      outcome.slowest = Math.max(outcome.slowest, Date.now() - t);
    }
  });
  return { outcome, stop: async () => ((running = false), await Promise.all(loops), outcome) };
}

async function untilHealthy(url, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return true;
    } catch {
      /* not yet */
    }
    await sleep(100);
  }
  return false;
}

// ——— start ———
ensureFaultsCluster();
await sql('drop database if exists shape_faults with (force)', [], 'postgres');
await sql('create database shape_faults', [], 'postgres');
rmSync(dataDir, { recursive: true, force: true });
// Uploads go to a 4 MiB tmpfs, so the disk-full case is real.
const mediaDir = path.join(dataDir, 'media');
mkdirSync(mediaDir, { recursive: true });
const tmpfs = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mediaDir]).status === 0;
// Site builds go to a tmpfs too, which the failing-build case fills.
const buildsDir = path.join(dataDir, 'site-builds');
mkdirSync(buildsDir, { recursive: true });
const buildsTmpfs = tmpfs && spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64m', 'tmpfs', buildsDir]).status === 0;
const log = [];
const shape = await startProductionShape({
  databaseUrl: `postgres://postgres@127.0.0.1:${CLUSTER.port}/shape_faults`,
  publicUrl: PUBLIC_URL,
  dataDir,
  portBase: 4600,
  env: { ADMIN_USERNAME: 'Owner', ADMIN_PASSWORD: 'owner-pass-2026', CMS_ADMIN_EMAIL: 'editor@faults.test', CMS_ADMIN_PASSWORD: 'editor-pass-2026', CMS_ADMIN_TOTP_SECRET: EDITOR_AUTHENTICATOR, MEDIA_DIR: mediaDir, LOG_LEVEL: 'warn', REBUILD_DEBOUNCE_MS: '500', REGISTER_LIMIT_PER_HOUR: '100000', REGISTER_DOMAIN_BURST: '100000' },
  log: (name, line) => {
    log.push(`[${name}] ${line}`);
    if (name === 'supervisor' || process.env.VERBOSE) console.log(`    [${name}] ${line}`);
  },
});
console.log(`production shape up in ${shape.seconds.toFixed(1)} s (${shape.apiUrls.length} API instances)`);
let exitCode = 0;
try {
  const content = await seedContent();
  const apiPid = (name) => shape.services[name].child.pid;
  for (let i = 0; i < 100 && (await client().get('/api/products')).body?.length !== 1; i++) await sleep(200);
  const members = [];
  for (let i = 0; i < 12; i++) members.push(await newMember(shape, i));
  const reader = members[0];

  // ——— throughput through Caddy, two instances, against a raw node:http server ———
  console.log('\nthroughput (10 connections, 5 s each)');
  const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['4690']);
  await new Promise((r) => baseline.once('message', r));
  const raw = await load('http://127.0.0.1:4690/', { connections: 10, duration: 5 });
  baseline.kill();
  const signedIn = { host: new URL(PUBLIC_URL).host, cookie: reader.http.cookie() };
  const two = { articles: await load(`${PUBLIC_URL}/api/articles`, { connections: 10, duration: 5 }), user: await load(`${PUBLIC_URL}/api/user`, { connections: 10, duration: 5, headers: signedIn }) };
  figures.throughput = { rawNodeHttp: Math.round(raw.reqPerSec), twoInstances: { articles: Math.round(two.articles.reqPerSec), signedInUser: Math.round(two.user.reqPerSec) } };
  console.log(`  raw node:http ${figures.throughput.rawNodeHttp}/s; /api/articles ${figures.throughput.twoInstances.articles}/s; signed-in /api/user ${figures.throughput.twoInstances.signedInUser}/s (2 instances)`);

  // ——— kill -9 of one API instance under a steady read load ———
  console.log('\nkill -9 of api-1 under a steady read load (8 loops of GET /api/articles through Caddy)');
  const reads = steadyLoad(`${PUBLIC_URL}/api/articles`);
  await sleep(1500);
  process.kill(apiPid('api-1'), 'SIGKILL');
  const killedAt = Date.now();
  await sleep(1000);
  const back = await untilHealthy(`${shape.apiUrls[0]}/api/health`);
  figures.apiRestartSeconds = (Date.now() - killedAt) / 1000;
  await sleep(2500);
  const r1 = await reads.stop();
  figures.readsDuringKill = { ok: r1.ok, failed: r1.errors + Object.values(r1.statuses).reduce((a, b) => a + b, 0), statuses: r1.statuses };
  console.log(`  ${r1.ok} reads answered 200, ${figures.readsDuringKill.failed} failed ${JSON.stringify(r1.statuses)} ${r1.samples.join(' | ')}; api-1 back after ${figures.apiRestartSeconds.toFixed(1)} s`);
  check(back && shape.services['api-1'].restarts === 1, 'the supervisor restarted the killed API instance');
  check(figures.readsDuringKill.failed === 0, 'no idempotent read failed while an instance was killed and restarted');

  // ——— the CMS and the site server while an instance is gone ———
  console.log('\nkill -9 of api-1: the site server\'s on-demand pages and a CMS edit go on through the other instance');
  process.kill(apiPid('api-1'), 'SIGKILL');
  const downAt1 = Date.now();
  // /search is rendered on demand by the site server, which asks the API (through Caddy's internal listener).
  const searches = [];
  for (let i = 0; i < 10; i++) {
    searches.push((await fetch(`${PUBLIC_URL}/search?q=steady`)).status);
    await sleep(100);
  }
  const retitled = `Edited while api-1 was down ${Date.now()}`;
  await content.editor.patch(`/cms/api/articles/${content.articleId}`, { title: retitled });
  let liveAt = null;
  for (let i = 0; i < 240 && !liveAt; i++) {
    if ((await (await fetch(`${PUBLIC_URL}/articles/${content.articleId}`)).text()).includes(retitled)) liveAt = Date.now();
    else await sleep(250);
  }
  figures.whileAnInstanceIsDown = { onDemandPages: searches, editLiveSeconds: liveAt ? (liveAt - downAt1) / 1000 : null };
  console.log(`  ${JSON.stringify(figures.whileAnInstanceIsDown)}`);
  check(searches.every((st) => st === 200), 'the site server\'s on-demand pages answered while api-1 was gone');
  check(liveAt !== null, `a CMS edit reached the site (${figures.whileAnInstanceIsDown.editLiveSeconds} s after the kill)`);
  check(await untilHealthy(`${shape.apiUrls[0]}/api/health`), 'api-1 was restarted');

  // ——— kill -9 during a burst of checkouts ———
  console.log('\nkill -9 of api-2 during a burst of checkouts (9 members × 3 orders — the per-address limit is 30 an hour —, retried with the same Idempotency-Key)');
  const order = { totalAmount: 1200 + 799 + 84, shippingAddress: '1 Main St, Springfield, IL 62701, US', items: [{ productId: content.productId, quantity: 1 }] };
  const accepted = [];
  let retries = 0;
  const checkout = async (m, n) => {
    const key = { 'idempotency-key': `faults-${m.id}-${n}` };
    for (let attempt = 0; attempt < 40; attempt++) {
      try {
        const r = await m.http.post('/api/orders', order, key);
        if (r.status === 201 || r.status === 200) return accepted.push({ key: key['idempotency-key'], id: r.body.id, member: m.id });
        if (r.status < 500) throw new Error(`order refused: ${r.status} ${r.text}`);
      } catch (err) {
        if (/order refused/.test(err.message)) throw err;
      }
      retries += 1;
      await sleep(250);
    }
    throw new Error('an order never went through');
  };
  const buyers = members.slice(0, 9);
  const burst = Promise.all(buyers.flatMap((m) => [0, 1, 2].map((n) => checkout(m, n))));
  await sleep(60);
  process.kill(apiPid('api-2'), 'SIGKILL');
  await burst;
  const rows = await sql("select id, user_id, idempotency_key from app.orders where idempotency_key like 'faults-%'");
  const ids = new Set(rows.map((r) => r.id));
  const perKey = new Map();
  for (const r of rows) perKey.set(r.idempotency_key, (perKey.get(r.idempotency_key) ?? 0) + 1);
  figures.checkouts = { accepted: accepted.length, rows: rows.length, retries };
  console.log(`  ${accepted.length} orders accepted, ${rows.length} in the database, ${retries} retries`);
  check(accepted.length === 27 && rows.length === 27, 'every order went through once: 27 accepted, 27 in the database');
  check(accepted.every((a) => ids.has(a.id)) && [...perKey.values()].every((n) => n === 1), 'every accepted order id is in the database exactly once');
  check(await untilHealthy(`${shape.apiUrls[1]}/api/health`), 'api-2 was restarted');
  const again = await members[0].http.post('/api/orders', order, { 'idempotency-key': `faults-${members[0].id}-0` });
  check(again.body?.id === accepted.find((a) => a.key === `faults-${members[0].id}-0`).id, 'a retry with the same key after the restart returns the same order');

  // ——— a chat socket's instance dies ———
  console.log('\na chat socket’s instance dies');
  const admin = client();
  // The first admin sets up the second factor staff need on its first sign-in (issue 52).
  for (const pair of (await firstAdminCookie(PUBLIC_URL, PUBLIC_URL, { username: 'Owner', password: 'owner-pass-2026' })).split('; ')) admin.jar.set(...pair.split('='));
  const room = (await admin.post('/api/chat/rooms', { name: 'Faults room', description: 'Where sockets reconnect.' })).body;
  const listener = { member: members[1], received: [], reconnects: 0 };
  const connect = () => new Promise((resolve, reject) => {
    const ws = new WebSocket(`${PUBLIC_URL.replace('http', 'ws')}/ws`, { headers: { origin: PUBLIC_URL, cookie: listener.member.http.cookie() } });
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      listener.received.push(m);
      if (m.type === 'rooms') ws.send(JSON.stringify({ type: 'join', roomId: room.id }));
    });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
  // Like the page: on close, reconnect (through Caddy) after a short pause, and join again.
  let socket = await connect();
  let closedAt = null;
  let reopenedAt = null;
  const keepConnected = (ws) => ws.once('close', async () => {
    closedAt ??= Date.now();
    for (;;) {
      await sleep(250);
      try {
        socket = await connect();
        listener.reconnects += 1;
        reopenedAt = Date.now();
        keepConnected(socket);
        return;
      } catch {
        /* the proxy tries the other instance */
      }
    }
  });
  keepConnected(socket);
  await sleep(500);
  const sender = members[2].http;
  const say = async (text) => {
    const ws = new WebSocket(`${PUBLIC_URL.replace('http', 'ws')}/ws`, { headers: { origin: PUBLIC_URL, cookie: sender.cookie() } });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'join', roomId: room.id }));
    await sleep(300);
    ws.send(JSON.stringify({ type: 'message', roomId: room.id, content: text }));
    await sleep(300);
    ws.close();
  };
  // Kill each instance in turn: one of them holds the listener's socket.
  for (const name of ['api-1', 'api-2']) {
    const before = listener.reconnects;
    process.kill(apiPid(name), 'SIGKILL');
    await sleep(1500);
    if (listener.reconnects > before || closedAt) break;
    await untilHealthy(shape.apiUrls[name === 'api-1' ? 0 : 1]);
  }
  for (let i = 0; i < 50 && !reopenedAt; i++) await sleep(100);
  await say('Still here after the instance died');
  await sleep(500);
  figures.chatReconnectSeconds = reopenedAt && closedAt ? (reopenedAt - closedAt) / 1000 : null;
  check(listener.received.some((m) => m.type === 'message' && m.message?.content === 'Still here after the instance died'), `the socket reconnected to the other instance (${figures.chatReconnectSeconds} s) and the conversation continued`);
  socket.removeAllListeners('close');
  socket.close();
  for (const url of shape.apiUrls) await untilHealthy(`${url}/api/health`);

  // ——— PostgreSQL restarted under load ———
  console.log('\nPostgreSQL restarted under load (8 loops of a signed-in GET /api/user through Caddy), a member in a chat room');
  listener.received.length = 0;
  closedAt = null;
  reopenedAt = null;
  const reconnectsBeforeRestart = listener.reconnects;
  socket = await connect();
  keepConnected(socket);
  await sleep(500);
  const dbReads = steadyLoad(`${PUBLIC_URL}/api/user`, { headers: signedIn });
  await sleep(1500);
  const restartStarted = Date.now();
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', CLUSTER.version, CLUSTER.name, 'restart'], { stdio: 'ignore' });
  const restartDone = Date.now();
  // The member's socket (to an API instance, not to the database) stays open or reconnects, and the
  // conversation continues: said again and again from the moment PostgreSQL is back, a message
  // reaches the member across instances once the listeners are back.
  let heardAt = null;
  for (let k = 0; k < 30 && !heardAt; k++) {
    await say(`After the database restart ${k}`).catch(() => undefined);
    if (listener.received.some((m) => m.type === 'message' && m.message?.content?.startsWith('After the database restart'))) heardAt = Date.now();
  }
  await sleep(Math.max(0, 8000 - (Date.now() - restartDone)));
  const r2 = await dbReads.stop();
  const firstBad = r2.timeline.find(([t, s]) => t >= restartStarted && s !== 200);
  const lastBad = [...r2.timeline].reverse().find(([, s]) => s !== 200);
  figures.postgresRestart = { restartSeconds: (restartDone - restartStarted) / 1000, statuses: r2.statuses, networkErrors: r2.errors, ok: r2.ok, slowestMs: r2.slowest, recoveredSecondsAfterRestart: lastBad ? Math.max(0, (lastBad[0] - restartDone) / 1000) : 0, failingFor: firstBad && lastBad ? (lastBad[0] - firstBad[0]) / 1000 : 0 };
  console.log(`  ${JSON.stringify(figures.postgresRestart)} ${r2.samples.join(' | ')}`);
  check(!r2.statuses[500] && !r2.statuses[502] && r2.errors === 0, 'never a 500 or a broken connection while PostgreSQL restarted');
  check(Object.keys(r2.statuses).every((s) => s === '503') && r2.samples.every((s) => !s.startsWith('503') || s.includes('The site is busy, please try again in a moment.')), 'only 503 "The site is busy, please try again in a moment."');
  check(r2.slowest < 6000, `no request hung (slowest ${r2.slowest} ms)`);
  check((await client().get('/api/user', signedIn)).status === 200, 'recovered by itself');
  check(Object.values(shape.services).every((s) => s.child.exitCode === null), 'no service crashed');
  figures.chatAfterPostgresRestart = { socketReconnects: listener.reconnects - reconnectsBeforeRestart, deliveredSecondsAfterRestart: heardAt ? (heardAt - restartDone) / 1000 : null };
  console.log(`  chat: ${JSON.stringify(figures.chatAfterPostgresRestart)}`);
  check(heardAt !== null, `the chat continued after the restart (a message reached the member ${figures.chatAfterPostgresRestart.deliveredSecondsAfterRestart} s after PostgreSQL was back)`);
  socket.removeAllListeners('close');
  socket.close();

  console.log('\nPostgreSQL down for 8 s under load, then back');
  const outageReads = steadyLoad(`${PUBLIC_URL}/api/user`, { headers: signedIn });
  await sleep(1000);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', CLUSTER.version, CLUSTER.name, 'stop', '-m', 'fast'], { stdio: 'ignore' });
  const downAt = Date.now();
  await sleep(8000);
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', CLUSTER.version, CLUSTER.name, 'start'], { stdio: 'ignore' });
  const upAt = Date.now();
  await sleep(8000);
  const r3 = await outageReads.stop();
  const firstOkAfter = r3.timeline.find(([t, st]) => t >= upAt && st === 200);
  const lastBadOutage = [...r3.timeline].reverse().find(([, st]) => st !== 200);
  figures.postgresOutage = { downSeconds: (upAt - downAt) / 1000, statuses: r3.statuses, networkErrors: r3.errors, ok: r3.ok, slowestMs: r3.slowest, firstOkSecondsAfterStart: firstOkAfter ? (firstOkAfter[0] - upAt) / 1000 : null, lastFailureSecondsAfterStart: lastBadOutage ? (lastBadOutage[0] - upAt) / 1000 : null };
  console.log(`  ${JSON.stringify(figures.postgresOutage)} ${r3.samples.join(' | ')}`);
  check(!r3.statuses[500] && !r3.statuses[502] && r3.errors === 0, 'never a 500 or a broken connection while PostgreSQL was down');
  check((r3.statuses[503] ?? 0) > 0 && r3.samples.every((x) => !x.startsWith('503') || x.includes('The site is busy, please try again in a moment.')), 'answered 503 "The site is busy, please try again in a moment." while it was down');
  check(r3.slowest < 7000, `no request hung (slowest ${r3.slowest} ms)`);
  check(firstOkAfter !== undefined && (await client().get('/api/user', signedIn)).status === 200, `recovered by itself (${figures.postgresOutage.firstOkSecondsAfterStart} s after PostgreSQL was back)`);
  check(Object.values(shape.services).every((x) => x.child.exitCode === null), 'no service crashed');

  console.log(`\na site build that fails (${buildsTmpfs ? 'its disk filled' : 'tmpfs unavailable: skipped'})`);
  if (buildsTmpfs) {
    const liveBefore = await client().get(`/articles/${content.articleId}`);
    const free = Number(spawnSync('df', ['--output=avail', '-B1', buildsDir], { encoding: 'utf8' }).stdout.split('\n')[1]);
    const filler = path.join(buildsDir, 'filler');
    writeFileSync(filler, Buffer.alloc(Math.max(0, free - 256 * 1024)));
    const [{ max: lastId }] = await sql('select coalesce(max(id), 0) as max from app.deployments');
    const edited = await content.editor.patch(`/cms/api/articles/${content.articleId}`, { title: 'A title that never went live' });
    let deployment = null;
    for (let i = 0; i < 300 && !deployment; i++) {
      [deployment] = await sql("select id, status, log from app.deployments where id > $1 and status <> 'running' order by id limit 1", [lastId]);
      if (!deployment) await sleep(300);
    }
    const liveAfter = await client().get(`/articles/${content.articleId}`);
    rmSync(filler);
    figures.failedBuild = { status: deployment?.status ?? 'none', logTail: deployment?.log?.trim().split('\n').slice(-2).join(' / ').slice(0, 200) };
    console.log(`  ${JSON.stringify(figures.failedBuild)}`);
    check(edited.status === 200, 'the edit was saved');
    check(deployment !== undefined && deployment !== null && deployment.status !== 'succeeded', `the failure is recorded (deployment ${deployment?.id}: ${deployment?.status})`);
    check(liveAfter.status === 200 && liveAfter.text === liveBefore.text, 'the previous build keeps serving');
  }

  // ——— a disk full for uploads ———
  console.log(`\nuploads to a full disk (${tmpfs ? '4 MiB tmpfs' : 'tmpfs unavailable: skipped'})`);
  if (tmpfs) {
    const before = spawnSync('ls', [mediaDir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).length;
    // A real PNG header and 600 kB of pixels' worth of bytes: a few fill the disk.
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    let status = 0;
    let text = '';
    for (let i = 0; i < 40 && (status === 0 || status === 201); i++) {
      const form = new FormData();
      form.append('file', new Blob([Buffer.concat([png, Buffer.alloc(600_000)])], { type: 'image/png' }), `big-${i}.png`);
      form.append('_payload', JSON.stringify({ alt: `big ${i}` }));
      const res = await fetch(`${PUBLIC_URL}/cms/api/media`, { method: 'POST', body: form, headers: { origin: PUBLIC_URL, cookie: content.editor.cookie() } });
      status = res.status;
      text = await res.text();
    }
    const files = spawnSync('ls', [mediaDir], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean);
    const docs = await sql('select filename from cms.media');
    figures.diskFull = { status, message: text.slice(0, 200), filesBefore: before, files: files.length, mediaRows: docs.length };
    console.log(`  ${JSON.stringify(figures.diskFull)} files: ${files.join(' ')}`);
    check(status === 507 && text.includes('There is no room left for uploads on the server.'), 'the upload that does not fit is refused with a clear error (507)');
    check(docs.every((d) => files.includes(d.filename)), 'every media record has its file');
    check(files.every((f) => docs.some((d) => f.startsWith(d.filename.replace(/\.png$/, '')))), 'no file without its record (nothing half-written)');
  }

  // ——— the CMS stopped ———
  console.log('\nthe CMS stopped');
  await shape.services.cms.stop();
  const pages = ['/', `/articles/${content.articleId}`, '/store', '/api/articles', `/api/articles/${content.articleId}`, '/api/products'];
  const answers = await Promise.all(pages.map(async (p) => [p, (await client().get(p)).status]));
  console.log(`  ${answers.map(([p, s]) => `${p} ${s}`).join(', ')}`);
  check(answers.every(([, s]) => s === 200), 'every page and /api content call keeps serving');
  const edit = await content.editor.post('/cms/api/categories', { title: 'While down', slug: 'while-down' });
  check(edit.status === 502 || edit.status === 503, `editing waits for the CMS (${edit.status})`);

  // ——— one API instance: throughput ———
  await shape.services['api-2'].stop();
  await sleep(3000);
  const one = { articles: await load(`${PUBLIC_URL}/api/articles`, { connections: 10, duration: 5 }), user: await load(`${PUBLIC_URL}/api/user`, { connections: 10, duration: 5, headers: signedIn }) };
  figures.throughput.oneInstance = { articles: Math.round(one.articles.reqPerSec), signedInUser: Math.round(one.user.reqPerSec) };
  const t = figures.throughput;
  console.log(`\nthroughput through Caddy, as a share of raw node:http (${t.rawNodeHttp}/s):`);
  console.log(`  /api/articles   1 instance ${t.oneInstance.articles}/s (${(t.oneInstance.articles / t.rawNodeHttp).toFixed(2)}), 2 instances ${t.twoInstances.articles}/s (${(t.twoInstances.articles / t.rawNodeHttp).toFixed(2)})`);
  console.log(`  signed-in read  1 instance ${t.oneInstance.signedInUser}/s (${(t.oneInstance.signedInUser / t.rawNodeHttp).toFixed(2)}), 2 instances ${t.twoInstances.signedInUser}/s (${(t.twoInstances.signedInUser / t.rawNodeHttp).toFixed(2)})`);
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  await shape.stop();
  if (tmpfs) spawnSync('umount', [mediaDir]);
  if (buildsTmpfs) spawnSync('umount', [buildsDir]);
}
console.log(`\nfigures: ${JSON.stringify(figures)}`);
if (failures.length) console.log(`\nNOT survived:\n  ${failures.join('\n  ')}`);
process.exit(failures.length || exitCode ? 1 : 0);
