// `node bench/notifications.mjs`: the figures of issue 37 (members hear back).
//  - a reply's notification frame: the time from posting a reply to the frame on the asker's
//    socket (p50 / p99), with 1,000 members' sockets open;
//  - what telling costs a comment: POST /api/articles/{id}/comments as a top-level comment (no one
//    told) and as a reply (its author told: a row, NOTIFY, the fan-out), each as a ratio to a raw
//    node:http server driven by the same client in the same run, in BENCH_ROUNDS interleaved rounds
//    (default 3; the medians), the requests in flight from different members (BENCH_SAME_MEMBER=1:
//    each member's five comments at once, as before session 38);
//  - a newsletter to 50,000 members through a local SMTP server (smtp-server, counting each
//    recipient): time, the API's RSS, and the API killed halfway — the supervisor restarts it, the
//    next round resumes, and no member is mailed twice.
// BENCH_NEWSLETTER_MEMBERS (default 50000), BENCH_ONLINE (default 1000); BENCH_PARTS=newsletter for the last alone.
import { fork } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import WebSocket from 'ws';
import { root, startStack } from '../scripts/lib/stack.mjs';
import { treeRssMb } from './measure.mjs';
import { demoAdminCookie } from './demo-admin.mjs';

const PORT = 3700;
const ONLINE = Number(process.env.BENCH_ONLINE ?? 1000);
const NEWSLETTER_MEMBERS = Number(process.env.BENCH_NEWSLETTER_MEMBERS ?? 50_000);
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The mail server: counts what each recipient receives.
const received = new Map();
let mails = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  // No reverse DNS of each client (this machine has no resolver to ask).
  disableReverseLookup: true,
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      for (const r of session.envelope.rcptTo) received.set(r.address, (received.get(r.address) ?? 0) + 1);
      mails++;
      callback();
    });
  },
});
await new Promise((r) => smtp.listen(3798, '127.0.0.1', r));

const baseline = fork(path.join(root, 'bench/baseline-server.mjs'), ['3997']);
await new Promise((r) => baseline.once('message', r));
const dataDir = path.join(root, '.data/bench-notifications');
await rm(dataDir, { recursive: true, force: true });
const stack = await startStack({
  dataDir,
  port: PORT,
  apiPort: PORT + 1,
  cmsPort: PORT + 2,
  dbPort: 54389,
  env: { LOG_LEVEL: 'warn', REGISTER_LIMIT_PER_HOUR: '1000000', REGISTER_DOMAIN_BURST: '1000000', SMTP_URL: 'smtp://127.0.0.1:3798?pool=true&maxConnections=5', NEWSLETTER_MAILS_PER_SECOND: '10000', NEWSLETTER_INTERVAL_MS: '2000' },
  log: () => {},
});
const origin = stack.url;
const api = stack.env.API_URL;
const wsUrl = `${api.replace('http', 'ws')}/ws`;
const json = { 'content-type': 'application/json', origin };
// A pool: members are registered twenty at a time, each with its own query (one client takes one query at a time).
const db = new pg.Pool({ connectionString: stack.env.DATABASE_URL, max: 4 });

async function member(username, tier = 'pro') {
  const res = await fetch(`${api}/api/register`, { method: 'POST', headers: json, body: JSON.stringify({ username, email: `${username}@example.com`, password: 'bench-pass-1' }) });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  await db.query('update app.users set membership_tier = $2, email_confirmed_at = now() where username = $1', [username, tier]);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
async function inBatches(count, size, make) {
  const out = [];
  for (let i = 0; i < count; i += size) out.push(...(await Promise.all(Array.from({ length: Math.min(size, count - i) }, (_, j) => make(i + j)))));
  return out;
}
/** A member's socket; `from` a loopback address of its own (an instance takes at most 50 sockets from one address). */
function socket(cookie, onMessage, from = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl, { headers: { cookie }, origin, localAddress: from });
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'welcome') resolve(ws);
      onMessage?.(m);
    });
  });
}
const post = (cookie, articleId, body) => fetch(`${api}/api/articles/${articleId}/comments`, { method: 'POST', headers: { ...json, cookie }, body: JSON.stringify(body) });

/**
 * `workers` loops for `seconds`, each request made by `next()` (null: no more to make); answers
 * requests per second over the time they ran (the posters' turns may run out first) and the statuses seen.
 */
async function drive(next, { workers = 20, seconds = 8 } = {}) {
  const started = performance.now();
  const until = started + seconds * 1000;
  let done = 0;
  const statuses = new Map();
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const res = await next();
        if (!res) return;
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        done++;
      }
    }),
  );
  return { reqPerSec: done / ((performance.now() - started) / 1000), statuses: Object.fromEntries(statuses) };
}

try {
  const articleId = (await (await fetch(`${api}/api/articles`)).json()).find((a) => a.membershipRequired === 'free').id;

  const parts = process.env.BENCH_PARTS ?? 'replies,newsletter';
  if (parts.includes('replies')) await replyFigures(articleId);
  if (parts.includes('newsletter')) await newsletterFigures();
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
  baseline.kill();
  smtp.close();
}

async function replyFigures(articleId) {
  // 1. A reply's frame with ONLINE members online.
  const step = (what) => process.stderr.write(`  … ${what}\n`);
  step('members');
  const asker = await member('bench_asker');
  const idleCookies = await Promise.all(Array.from({ length: 10 }, (_, i) => member(`bench_online_${i}`)));
  // One socket a member (an instance takes a few per member): the members who post below are online here.
  step('posters');
  const posters = await inBatches(Math.max(1200, ONLINE), 20, (i) => member(`bench_poster_${i}`));
  const repliers = await inBatches(20, 10, (i) => member(`bench_replier_${i}`));
  // Replies go one at a time: each notification frame answers the reply in flight.
  let waiting = null;
  await socket(asker, (m) => m.type === 'notification' && waiting?.(performance.now()));
  step('sockets');
  const online = await inBatches(ONLINE - 1, 100, (i) => socket(posters[i], undefined, `127.0.0.${2 + Math.floor(i / 45)}`));
  step('replies');
  // The tiers just set reach the API's session cache by NOTIFY.
  await sleep(1000);
  const asked = await post(asker, articleId, { content: 'Who answers first?' });
  const question = await asked.json();
  if (asked.status !== 201) throw new Error(`question: ${asked.status} ${JSON.stringify(question)}`);
  const latencies = [];
  for (let i = 0; i < 80; i++) {
    const arrived = new Promise((r) => (waiting = r));
    const t = performance.now();
    const res = await post(repliers[i % repliers.length], articleId, { content: `Answer #${i}`, parentCommentId: question.id });
    if (res.status !== 201) throw new Error(`reply ${i}: ${res.status} ${await res.text()}`);
    const at = await Promise.race([arrived, sleep(5000).then(() => null)]);
    if (at === null) throw new Error(`reply ${i}: no notification frame within 5 s`);
    latencies.push(at - t);
  }
  latencies.sort((a, b) => a - b);
  console.log(`notifications: a reply → the asker's notification frame, ${ONLINE} members online, ${latencies.length} replies`);
  console.log(`  p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms (POST to frame, the POST's own time included)`);
  for (const s of online) s.close();

  // 2. What telling costs a comment. A member may comment 5 times a minute: each poster posts 5
  // times in a phase, in turn with the others, so the requests in flight come from different members
  // (as on a site: one member's comments one after another). Taken five in a row, four requests in
  // flight were one member's, queued on that member's limit lock and measuring that queue;
  // BENCH_SAME_MEMBER=1 keeps that shape.
  const parents = [];
  for (const [i, cookie] of idleCookies.entries()) for (let k = 0; k < 3; k++) parents.push((await (await post(cookie, articleId, { content: `Parent ${i}-${k}` })).json()).id);
  // Each phase has half the posters' turns (5 each): at several hundred a second a phase may use its
  // half before its 8 s are up, and the rate is counted over the time it ran. BENCH_ROUNDS rounds
  // (default 3) of raw, plain and replies, interleaved; between rounds the posters' comment limits
  // are cleared (their records deleted), so every round's posters start with their 5 turns. Each
  // round's ratios are against the larger raw figure beside it; the medians are the figures.
  const half = Math.floor(posters.length / 2);
  const sameMember = process.env.BENCH_SAME_MEMBER === '1';
  const turns = (from, to) => {
    let i = 0;
    if (sameMember) return () => (from + Math.floor(i / 5) < to ? posters[from + Math.floor(i++ / 5)] : null);
    return () => (i < (to - from) * 5 ? posters[from + (i++ % (to - from))] : null);
  };
  let reply = 0;
  // The tables this bench has just filled, analyzed as a running site's are (autovacuum analyzes a
  // table once a tenth of it changed): planned from a few seconds old statistics, a member's last hour
  // of notifications was read by scanning them all.
  if (process.env.BENCH_ANALYZE !== '0') await db.query('analyze');
  const raw = () => drive(() => fetch('http://127.0.0.1:3997/', { method: 'POST', headers: json, body: JSON.stringify({ content: 'hello' }) }));
  const rounds = [];
  const rawRates = [];
  const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
  for (let round = 1; round <= ROUNDS; round++) {
    if (round > 1) await db.query("delete from app.throttle_events where key like 'comment:%'");
    const nextPlainPoster = turns(0, half);
    const nextReplyPoster = turns(half, posters.length);
    step(`round ${round}: raw node:http`);
    rawRates.push((await raw()).reqPerSec);
    step(`round ${round}: plain comments`);
    const plain = await drive(() => {
      const cookie = nextPlainPoster();
      return cookie ? post(cookie, articleId, { content: 'A comment nobody is told about.' }) : null;
    });
    step(`round ${round}: replies told`);
    const replies = await drive(() => {
      const cookie = nextReplyPoster();
      return cookie ? post(cookie, articleId, { content: 'A reply its author hears about.', parentCommentId: parents[reply++ % parents.length] }) : null;
    });
    rounds.push({ plain, replies });
  }
  rawRates.push((await raw()).reqPerSec);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const figures = rounds.map(({ plain, replies }, i) => {
    const base = Math.max(rawRates[i], rawRates[i + 1]);
    const figure = { base, plain: plain.reqPerSec / base, replies: replies.reqPerSec / base, share: replies.reqPerSec / plain.reqPerSec };
    console.log(`  round ${i + 1}: raw ${Math.round(base)} req/s; a comment, no one told ${Math.round(plain.reqPerSec)} req/s = ${figure.plain.toFixed(3)}× ${JSON.stringify(plain.statuses)}; a reply, its author told ${Math.round(replies.reqPerSec)} req/s = ${figure.replies.toFixed(3)}× ${JSON.stringify(replies.statuses)}; ${figure.share.toFixed(2)} of a plain comment`);
    return figure;
  });
  console.log(`  raw node:http (same client, 20 at once), median ${Math.round(median(figures.map((f) => f.base)))} req/s`);
  console.log(`  POST a comment, no one told: median ${median(figures.map((f) => f.plain)).toFixed(3)}×`);
  console.log(`  POST a reply, its author told: median ${median(figures.map((f) => f.replies)).toFixed(3)}×; median ${median(figures.map((f) => f.share)).toFixed(2)} of a plain comment`);

}

async function newsletterFigures() {
  // 3. The newsletter to NEWSLETTER_MEMBERS members, the API killed halfway.
  await db.query(`insert into app.users (username, email, password_hash, email_confirmed_at, membership_tier)
    select 'crowd_' || i, 'crowd_' || i || '@example.com', 'x', now(), case when i % 3 = 0 then 'pro' else 'free' end from generate_series(1, $1::int) i`, [NEWSLETTER_MEMBERS]);
  const admin = await demoAdminCookie(api, json.origin);
  const proArticle = (await (await fetch(`${api}/api/articles`)).json()).find((a) => a.membershipRequired === 'pro').id;
  received.clear();
  const started = performance.now();
  const queued = await fetch(`${api}/api/admin/newsletters`, { method: 'POST', headers: { ...json, cookie: admin }, body: JSON.stringify({ articleId: proArticle, segment: 'all' }) });
  const newsletter = await queued.json();
  if (queued.status !== 201) throw new Error(`newsletter: ${queued.status} ${JSON.stringify(newsletter)}`);
  console.log(`newsletter: ${newsletter.recipients} recipients queued in ${(performance.now() - started).toFixed(0)} ms`);
  let peakRss = 0;
  let killedAt = null;
  const report = async () => (await (await fetch(`${api}/api/admin/newsletters`, { headers: { cookie: admin } }).catch(() => null))?.json().catch(() => null))?.find((r) => r.id === newsletter.id);
  for (let tick = 0; ; tick++) {
    await sleep(250);
    const pid = stack.services.api.child?.pid;
    if (pid && tick % 8 === 0) peakRss = Math.max(peakRss, treeRssMb(pid));
    if (!killedAt && mails >= newsletter.recipients / 2) {
      killedAt = { mails, at: performance.now() - started };
      process.kill(pid, 'SIGKILL');
      console.log(`  killed the API (SIGKILL) after ${mails} copies, ${(killedAt.at / 1000).toFixed(1)} s in`);
      await sleep(1000);
    }
    // The report is read every 2 s (as the admin's page does every 3 s), the mail server's count every 250 ms.
    const r = tick % 8 === 0 ? await report() : null;
    if (r && r.pending === 0) {
      const seconds = (performance.now() - started) / 1000;
      const twice = [...received.values()].filter((n) => n > 1).length;
      console.log(`  done in ${seconds.toFixed(1)} s (${Math.round(r.sent / seconds)} copies/s, the restart included): sent ${r.sent}, failed ${r.failed} (in flight at the kill, not resent), unsubscribed ${r.unsubscribed}`);
      console.log(`  the mail server received ${mails} copies for ${received.size} members; members mailed twice: ${twice}; the API's peak RSS ${peakRss} MB`);
      break;
    }
    if (performance.now() - started > 20 * 60_000) throw new Error('the newsletter did not finish in 20 minutes');
  }
}
