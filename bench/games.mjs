// POST /api/games/quiz/start (visitors, each from its own address) and POST /api/games/quiz/finish
// (a member finishing fully answered plays, score stored) as ratios to a raw node:http hello world.
import { fork } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import autocannon from 'autocannon';
import { load } from './measure.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const baseline = fork(path.join(here, 'baseline-server.mjs'), ['3996']);
await new Promise((r) => baseline.once('message', r));
const server = fork(path.join(here, 'games-server.mjs'), { env: { ...process.env, LOG_LEVEL: 'silent' } });
const { base, url, name } = await new Promise((r) => server.once('message', r));
const origin = 'http://localhost:3000';

const login = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify({ username: 'bench_member', password: 'pass-word-1' }) });
const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

async function run(opts) {
  const r = await autocannon({ connections, duration, ...opts });
  return { reqPerSec: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

try {
  const before = await load('http://127.0.0.1:3996/', { connections, duration });
  let n = 0;
  const start = await run({ url: `${base}/api/games/quiz/start`, method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: '{}',
    requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}` } }) }] });

  // Fully answered plays of the member, ready to finish (as if each had taken its five steps).
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows: [member] } = await db.query(`select id from app.users where username = 'bench_member'`);
  const deal = { questions: Array.from({ length: 5 }, (_, i) => ({ question: `Q${i}`, options: ['a', 'b', 'c', 'd'], correctAnswer: i % 4 })) };
  const steps = deal.questions.map((q, i) => ({ question: i, answer: q.correctAnswer }));
  const PLAYS = 40000;
  await db.query(`insert into app.game_plays (id, game, user_id, deal, steps) select md5(g::text || $3), 'quiz', $1, $2::jsonb, $4::jsonb from generate_series(1, ${PLAYS}) g`, [member.id, JSON.stringify(deal), String(Date.now()), JSON.stringify(steps)]);
  const { rows: ids } = await db.query(`select id from app.game_plays where user_id = $1 and status = 'playing'`, [member.id]);
  let i = 0;
  const finish = await run({ url: `${base}/api/games/quiz/finish`, method: 'POST', headers: { origin, cookie, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ playId: ids[i++ % ids.length].id, answers: [0, 1, 2, 3, 0] }) }) }] });
  const { rows: [stored] } = await db.query('select count(*)::int as n from app.game_scores');
  await db.end();
  const after = await load('http://127.0.0.1:3996/', { connections, duration });
  const b = before.reqPerSec > after.reqPerSec ? before : after;
  console.log(`games: autocannon -c ${connections} -d ${duration}; raw node:http hello world ${Math.round(b.reqPerSec)} req/s (before ${Math.round(before.reqPerSec)}, after ${Math.round(after.reqPerSec)})`);
  for (const [label, r] of [['POST /api/games/quiz/start (visitors)', start], ['POST /api/games/quiz/finish (member, score stored)', finish]]) {
    console.log(`  ${label.padEnd(52)} ${String(Math.round(r.reqPerSec)).padStart(6)} req/s  p99 ${String(r.p99).padStart(4)} ms  ${(r.reqPerSec / b.reqPerSec).toFixed(3)}×${r.non2xx || r.errors ? `  (non-2xx ${r.non2xx}, errors ${r.errors})` : ''}`);
  }
  console.log(`  scores stored: ${stored.n}`);
} finally {
  server.kill();
  baseline.kill();
  const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}
