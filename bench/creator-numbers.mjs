// `node bench/creator-numbers.mjs` (issue 39): the admin dashboard's numbers on a large history —
// 100,000 members (a fifth of them paying for Pro month by month, some cancelled), 1,000,000 page
// views spread over two years of articles and days, 50,000 orders — written into the stack's
// database with SQL, then each dashboard call timed through the API as an admin (median of 5), and
// the members and orders exports' wall time. Last, the cookieless view counter (POST /api/views)
// in requests per second, as a ratio to a raw node:http server measured in the same run.
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { load } from './measure.mjs';
import { demoAdminCookie } from './demo-admin.mjs';

const PORT = 3700;
const MEMBERS = 100_000;
const VIEWS = 1_000_000;
const ORDERS = 50_000;
const duration = Number(process.env.BENCH_DURATION ?? 10);

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3997']);
await new Promise((r) => baseline.once('message', r));
const dataDir = path.join(root, '.data/bench-creator-numbers');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({ dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54371, log: () => {}, env: { LOG_LEVEL: 'warn' } });

const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
await db.connect();
try {
  const started = performance.now();
  // Members joined over two years; every fifth pays for Pro monthly from joining, a quarter of those stopped paying after a while.
  await db.query(`insert into app.users (username, email, password_hash, created_at, email_confirmed_at)
    select 'bench_' || g, 'bench_' || g || '@example.com', 'x', now() - (g % 730) * interval '1 day', now() - (g % 730) * interval '1 day'
    from generate_series(1, $1) g`, [MEMBERS]);
  await db.query(`insert into app.subscriptions (user_id, provider, provider_subscription_id, plan, status, current_period_end, created_at)
    select id, 'demo', 'bench_sub_' || id, 'pro-month', case when id % 4 = 0 then 'canceled' else 'active' end, now() + interval '20 days', created_at
    from app.users where username like 'bench_%' and id % 5 = 0`);
  await db.query(`insert into app.invoices (provider, provider_invoice_id, user_id, subscription_id, amount_cents, status, created_at)
    select 'demo', 'bench_in_' || s.id || '_' || m, s.user_id, s.id, 299, 'paid', s.created_at + m * interval '1 month'
    from app.subscriptions s, generate_series(0, 23) m
    where s.provider_subscription_id like 'bench_sub_%' and s.created_at + m * interval '1 month' <= now() and (s.status = 'active' or m < 3)`);
  await db.query(`update app.users u set membership_tier = 'pro' from app.subscriptions s where s.user_id = u.id and s.status = 'active' and s.provider_subscription_id like 'bench_sub_%'`);
  const articleIds = (await (await fetch(`${stack.url}/api/articles`)).json()).map((a) => a.id);
  // One row per article and day (the counter's aggregate), the views summing to a million.
  const days = Math.ceil(VIEWS / 20 / articleIds.length);
  await db.query(`insert into app.article_views (article_id, day, views)
    select a, (current_date - d), 20 from unnest($1::int[]) a, generate_series(0, $2 - 1) d on conflict do nothing`, [articleIds, days]);
  const buyer = (await db.query(`select id from app.users where username = 'bench_1'`)).rows[0].id;
  await db.query(`insert into app.orders (user_id, status, subtotal, discount, shipping, tax, total, shipping_address, created_at)
    select $1, 'delivered', 2000, 0, 500, 160, 2660, '1 Main St, Springfield, IL 62701, US', now() - (g % 365) * interval '1 day' from generate_series(1, $2) g`, [buyer, ORDERS]);
  await db.query(`insert into app.order_items (order_id, product_id, name, color, quantity, unit_price) select id, 1, 'Bench product', 'white', 2, 1000 from app.orders where user_id = $1`, [buyer]);
  await db.query('analyze');
  const counts = (await db.query(`select (select count(*) from app.users) users, (select count(*) from app.invoices) invoices, (select sum(views) from app.article_views) views, (select count(*) from app.orders) orders`)).rows[0];
  console.log(`creator numbers: wrote ${counts.users} members, ${counts.invoices} invoices, ${counts.views} page views (${articleIds.length} articles × ${days} days), ${counts.orders} orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const cookie = await demoAdminCookie(stack.url, stack.url);
  const today = new Date().toISOString().slice(0, 10);
  const ago = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
  const calls = {
    'members, 30 days by day': `/api/admin/stats/members?from=${ago(29)}&to=${today}&by=day`,
    'members, 12 months by month': `/api/admin/stats/members?from=${ago(365)}&to=${today}&by=month`,
    'members, all time by week': `/api/admin/stats/members?from=${ago(800)}&to=${today}&by=week`,
    'revenue, 30 days by day': `/api/admin/stats/revenue?from=${ago(29)}&to=${today}&by=day`,
    'revenue, 12 months by month': `/api/admin/stats/revenue?from=${ago(365)}&to=${today}&by=month`,
    'articles, 30 days': `/api/admin/stats/articles?from=${ago(29)}&to=${today}`,
    'articles, 12 months': `/api/admin/stats/articles?from=${ago(365)}&to=${today}`,
    'members list, a filtered page': `/api/admin/users?tier=pro&joinedFrom=${ago(365)}&pageSize=20`,
  };
  const timed = async (url) => {
    const t = performance.now();
    const res = await fetch(`${stack.url}${url}`, { headers: { cookie } });
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    return { ms: performance.now() - t, bytes };
  };
  for (const [label, url] of Object.entries(calls)) {
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push((await timed(url)).ms);
    runs.sort((a, b) => a - b);
    console.log(`creator numbers: ${label}: ${runs[2].toFixed(0)} ms (median of 5; slowest ${runs[4].toFixed(0)} ms)`);
  }
  for (const file of ['members.csv', 'orders.csv']) {
    const { ms, bytes } = await timed(`/api/admin/export/${file}`);
    console.log(`creator numbers: export ${file}: ${(bytes / 1e6).toFixed(1)} MB in ${(ms / 1000).toFixed(1)} s`);
  }

  // The counter, as a reader's browser calls it (a browser's user agent; no cookie).
  const body = JSON.stringify({ articleId: articleIds[0] });
  const headers = { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36' };
  const raw = await load('http://127.0.0.1:3997/', { duration, connections: 20 });
  const counter = await load(`${stack.env.API_URL}/api/views`, { method: 'POST', headers, body, duration, connections: 20 });
  console.log(`creator numbers: POST /api/views ${counter.reqPerSec.toFixed(0)} req/s (p99 ${counter.p99} ms, ${counter.non2xx} not 2xx) — ${(counter.reqPerSec / raw.reqPerSec).toFixed(2)}× raw node:http (${raw.reqPerSec.toFixed(0)} req/s)`);
} finally {
  await db.end();
  await stack.stop();
  baseline.kill();
}
