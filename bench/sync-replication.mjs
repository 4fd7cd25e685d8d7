// What synchronous replication costs a write through the API (issue 51, "Measure and report"):
// a two-host Patroni cluster on 127.0.0.1 with HAProxy in front (scripts/lib/pg-ha-test-cluster.mjs,
// ports 4600–4696 unless BENCH_BASE_PORT moves them), the API in a process of its own on it (the
// test app with a stand-in CMS, api/test/test-app.ts). Prints orders placed per second (a 3-line
// cart; a member may order 10 times an hour and an address 30 times, so each request takes the next
// member's turn from an address of its own in X-Forwarded-For) and comments posted per second (5 a
// minute per member: the next member's turn) with Patroni's synchronous_mode on and then off
// (PATCH /config, the same cluster in the same run; BENCH_ROUNDS rounds of on, off — default 2 — so
// a neighbour's load falls on both), the ratio, the rows counted in the database, and a raw
// node:http hello world driven by the same client (autocannon) before and after as the yardstick.
// As root:
//   scripts/node.sh node bench/sync-replication.mjs
// BENCH_DURATION (seconds per leg, default 20), BENCH_CONNECTIONS (default 20).
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { orderTotals } from '@app/shared/browser';
import { clusterUnavailable, startTestCluster } from '../scripts/lib/pg-ha-test-cluster.mjs';
import { load } from './measure.mjs';

const self = fileURLToPath(import.meta.url);
const root = path.dirname(path.dirname(self));

// The API's own process: `sync-replication.mjs api` (DATABASE_URL in its environment) answers its address on the IPC channel.
if (process.argv[2] === 'api') {
  const { createDb, migrateDb } = await import('@app/api/db');
  const { createCmsContentSource } = await import('@app/api/integrations/cms-content-source');
  const { startFakeCms } = await import('@app/api/test/fake-cms');
  const { sampleRecords } = await import('@app/api/test/fixtures');
  const { startTestApp, TEST_SECRET } = await import('@app/api/test/test-app');
  const url = process.env.DATABASE_URL;
  const db = createDb(url, 10);
  await migrateDb(db);
  const cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  const app = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: url });
  process.send({ base: app.base });
  process.on('disconnect', () => process.exit(0));
} else {
  const unavailable = clusterUnavailable();
  if (unavailable) {
    console.error(`sync-replication: ${unavailable}`);
    process.exit(1);
  }
  const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4600);
  const duration = Number(process.env.BENCH_DURATION ?? 20);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
  // Enough members for every leg at a few hundred writes per second: 5 comments a minute each, 10 orders an hour each.
  const COMMENTERS = Number(process.env.BENCH_COMMENTERS ?? 20_000);
  const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20_000);
  const ORIGIN = 'http://localhost:3000';
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

  // The yardstick on one of the ports the cluster leaves free (base+20 … base+91).
  const baselinePort = BASE_PORT + 50;
  const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), [String(baselinePort)]);
  await new Promise((r) => baseline.once('message', r));
  const t = await startTestCluster({ basePort: BASE_PORT });
  let api = null;
  try {
    const admin = new pg.Client({ connectionString: t.databaseUrl() });
    admin.on('error', () => {});
    await admin.connect();
    await admin.query('create database better_self');
    await admin.end();
    const url = t.databaseUrl('better_self');
    api = fork(self, ['api'], { cwd: path.join(root, 'api'), env: { ...process.env, DATABASE_URL: url } });
    const { base } = await new Promise((resolve, reject) => {
      api.once('message', resolve);
      api.once('exit', (code) => reject(new Error(`the API process ended (${code})`)));
    });
    const json = { 'content-type': 'application/json', origin: ORIGIN };

    // One member signs up through the API (for the session cookie's name); the commenters (Pro)
    // and the shoppers (free) are rows with sessions made in SQL (the table keeps a session id's hash).
    const reg = await fetch(`${base}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'bench_shopper', email: 'bench_shopper@example.com', password: 'bench-pass-1' }) });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${await reg.text()}`);
    const cookieName = reg.headers.getSetCookie()[0].split('=')[0];
    const db = new pg.Client({ connectionString: url });
    db.on('error', () => {});
    await db.connect();
    async function members(prefix, count, tier) {
      await db.query(`insert into app.users (username, email, password_hash, email_confirmed_at, membership_tier)
        select $2 || g, $2 || g || '@example.com', 'not-a-hash', now(), $3 from generate_series(1, $1::int) g`, [count, prefix, tier]);
      const ids = (await db.query('select id from app.users where starts_with(username, $1) order by id', [prefix])).rows.map((r) => r.id);
      await db.query(`insert into app.sessions (id_hash, user_id, expires_at)
        select encode(sha256(convert_to('bench-session-' || id, 'UTF8')), 'hex'), id, now() + interval '1 day' from unnest($1::int[]) id`, [ids]);
      return ids;
    }
    const commenterIds = await members('commenter_', COMMENTERS, 'pro');
    const shopperIds = await members('shopper_', SHOPPERS, 'free');
    const session = (id) => `${cookieName}=bench-session-${id}`;

    const products = await (await fetch(`${base}/api/products`)).json();
    const lines = products.filter((p) => p.inStock).slice(0, 3).map((p, i) => ({ productId: p.id, quantity: i + 1, price: p.price, color: 'black' }));
    const order = JSON.stringify({ totalAmount: orderTotals(lines, { memberDiscount: false }).total, shippingAddress: '1 Bench Street, Loadville, ST 12345, US', items: lines });
    const articleId = (await (await fetch(`${base}/api/articles`)).json()).find((a) => a.membershipRequired === 'free').id;
    // Each request takes the next turn: `perMember` requests per member, one address each.
    const turns = (url, ids, perMember, body) => {
      let turn = 0;
      return () => new Promise((resolve, reject) => {
        autocannon({
          url, connections, duration, method: 'POST', headers: json,
          requests: [{ setupRequest: (req) => {
            const n = turn++;
            const id = ids[Math.floor(n / perMember) % ids.length];
            return { ...req, headers: { ...req.headers, cookie: session(id), 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` }, body: body(n) };
          } }],
        }, (err, r) => (err ? reject(err) : resolve({ reqPerSec: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors })));
      });
    };
    const orders = turns(`${base}/api/orders`, shopperIds, 10, () => order);
    const comments = turns(`${base}/api/articles/${articleId}/comments`, commenterIds, 5, (n) => JSON.stringify({ content: `Comment number ${n}.` }));
    for (const [what, url, body, id] of [['an order', `${base}/api/orders`, order, shopperIds.at(-1)], ['a comment', `${base}/api/articles/${articleId}/comments`, JSON.stringify({ content: 'A first comment.' }), commenterIds.at(-1)]]) {
      const res = await fetch(url, { method: 'POST', headers: { ...json, cookie: session(id), 'x-forwarded-for': '10.255.255.255' }, body });
      if (res.status !== 201) throw new Error(`${what}: ${res.status} ${await res.text()}`);
    }

    /** Patroni's synchronous_mode for the cluster (its DCS config), and the standby's role once it holds. */
    async function synchronousMode(on) {
      const res = await fetch(`${t.cluster.patroniUrls[0]}/config`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ synchronous_mode: on }) });
      if (!res.ok) throw new Error(`PATCH /config: ${res.status} ${await res.text()}`);
      await t.cluster.waitFor(`synchronous_mode ${on ? 'on' : 'off'}`, (s) => s?.primary != null && s.members.some((m) => m.role === (on ? 'sync_standby' : 'replica')));
      const [{ names }] = (await db.query("select current_setting('synchronous_standby_names') as names")).rows;
      // Patroni reloads PostgreSQL after the DCS change; wait for the setting itself.
      for (let i = 0; i < 100 && (on ? names === '' : names !== ''); i += 1) await sleep(100);
      return (await db.query("select current_setting('synchronous_standby_names') as names")).rows[0].names;
    }
    const committed = async () => (await db.query('select (select count(*) from app.orders)::int as orders, (select count(*) from app.comments)::int as comments')).rows[0];

    const before = await load(`http://127.0.0.1:${baselinePort}/`, { connections, duration });
    // Per mode, over the rounds: requests per second (their mean), the worst p99, other answers, rows written.
    const legs = { on: { names: '', orders: [], comments: [], rows: { orders: 0, comments: 0 } }, off: { names: '', orders: [], comments: [], rows: { orders: 0, comments: 0 } } };
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const on of [true, false]) {
        const leg = legs[on ? 'on' : 'off'];
        leg.names = await synchronousMode(on);
        const start = await committed();
        leg.orders.push(await orders());
        leg.comments.push(await comments());
        const end = await committed();
        leg.rows.orders += end.orders - start.orders;
        leg.rows.comments += end.comments - start.comments;
      }
    }
    const after = await load(`http://127.0.0.1:${baselinePort}/`, { connections, duration });
    const yard = Math.max(before.reqPerSec, after.reqPerSec);
    const mean = (runs) => ({ reqPerSec: runs.reduce((a, r) => a + r.reqPerSec, 0) / runs.length, p99: Math.max(...runs.map((r) => r.p99)), non2xx: runs.reduce((a, r) => a + r.non2xx, 0), errors: runs.reduce((a, r) => a + r.errors, 0), each: runs.map((r) => Math.round(r.reqPerSec)) });
    const row = (label, runs, rows) => {
      const r = mean(runs);
      console.log(`${label.padEnd(40)} ${String(Math.round(r.reqPerSec)).padStart(6)} req/s (rounds ${r.each.join(', ')})  p99 ${String(r.p99).padStart(4)} ms  ${(r.reqPerSec / yard).toFixed(4)}×  ${rows} rows${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`);
      return r.reqPerSec;
    };
    console.log(`autocannon -c ${connections} -d ${duration}, ${ROUNDS} rounds of on/off; the API in one process on HAProxy → the Patroni primary (PostgreSQL ${(await db.query('show server_version')).rows[0].server_version}); load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
    console.log(`${'raw node:http hello world'.padEnd(40)} ${String(Math.round(yard)).padStart(6)} req/s (before ${Math.round(before.reqPerSec)}, after ${Math.round(after.reqPerSec)})`);
    const rate = {};
    for (const [mode, leg] of Object.entries(legs)) {
      rate[mode] = {
        orders: row(`POST /api/orders, synchronous_mode ${mode}`, leg.orders, leg.rows.orders),
        comments: row(`POST …/comments, synchronous_mode ${mode}`, leg.comments, leg.rows.comments),
      };
    }
    console.log(`synchronous_standby_names: on ${JSON.stringify(legs.on.names)}, off ${JSON.stringify(legs.off.names)}`);
    console.log(`synchronous / asynchronous: orders ${(rate.on.orders / rate.off.orders).toFixed(2)}, comments ${(rate.on.comments / rate.off.comments).toFixed(2)}`);
    await db.end();
  } finally {
    api?.kill();
    baseline.kill();
    await t.stop();
  }
}
