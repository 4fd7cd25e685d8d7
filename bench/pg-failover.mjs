// PostgreSQL across hosts, measured (issue 51): a two-host Patroni cluster on 127.0.0.1 with
// HAProxy in front and pgBackRest archiving to s3rver over TLS (scripts/lib/pg-ha-test-cluster.mjs).
// Prints: orders/s through HAProxy with synchronous replication and with commits acknowledged
// locally (same cluster, same run, the ratio); base backup size and time, and a point-in-time
// restore's time, on an empty site and with BENCH_MEMBERS synthetic member rows (default
// 100,000); then FAILOVER_RUNS failovers (default 3, alternating hosts): every process of the
// primary killed while writers insert orders — time from the kill to the first acknowledged write
// begun after it and to the promotion, writes attempted, acknowledged, failed and lost (must be 0), and the old
// primary's time to rejoin as a synchronous standby. As root:
//   scripts/node.sh node bench/pg-failover.mjs
import path from 'node:path';
import pg from 'pg';
import { connectedClient, listenWithRetry } from '@app/shared/server';
import { restoreToTime } from '../scripts/lib/pg-ha.mjs';
import { clusterUnavailable, startTestCluster } from '../scripts/lib/pg-ha-test-cluster.mjs';

const unavailable = clusterUnavailable();
if (unavailable) {
  console.error(`pg-failover: ${unavailable}`);
  process.exit(1);
}
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = Number(process.env.FAILOVER_RUNS ?? 3);
const THROUGHPUT_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WRITERS = 4;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;

const t = await startTestCluster({ backups: true });
let failures = 0;
try {
  const url = t.databaseUrl();
  const admin = new pg.Client({ connectionString: url });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query('create table orders (id bigserial primary key, member text not null, idempotency_key text unique not null, total_cents int not null, created_at timestamptz not null default now())');

  // 1. What synchronous replication costs a write.
  async function ordersPerSecond(commitMode) {
    const pool = new pg.Pool({ connectionString: url, max: WRITERS, options: `-c synchronous_commit=${commitMode}` });
    let n = 0;
    const end = Date.now() + THROUGHPUT_SECONDS * 1000;
    const tag = `${commitMode}-${Date.now()}`;
    await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; Date.now() < end; i += 1) {
        await pool.query('insert into orders (member, idempotency_key, total_cents) values ($1, $2, 1900)', [`m${w}`, `${tag}-${w}-${i}`]);
        n += 1;
      }
    }));
    await pool.end();
    return n / THROUGHPUT_SECONDS;
  }
  const sync = await ordersPerSecond('on');
  const local = await ordersPerSecond('local');
  console.log(`orders/s through HAProxy, ${WRITERS} connections: synchronous ${sync.toFixed(0)}, local commit ${local.toFixed(0)} — synchronous is ${(sync / local).toFixed(2)}× local`);

  // 2. Base backup and point-in-time restore, empty and with members.
  async function backupAndRestore(label) {
    const backup = await t.cluster.backup({ type: 'full' });
    const [{ at }] = (await admin.query('select clock_timestamp()::text as at')).rows;
    await admin.query('select pg_switch_wal()');
    await sleep(200);
    const [{ wal }] = (await admin.query("insert into orders (member, idempotency_key, total_cents) values ('x', $1, 1) returning pg_walfile_name(pg_current_wal_lsn()) as wal", [`after-${label}`])).rows;
    await admin.query('select pg_switch_wal()');
    for (let i = 0; ; i += 1) {
      const [{ archived, failedWal, failedAt }] = (await admin.query('select last_archived_wal as archived, last_failed_wal as "failedWal", last_failed_time as "failedAt" from pg_stat_archiver')).rows;
      if (archived && archived >= wal) break;
      if (i === 1200) throw new Error(`${wal} not archived within 2 minutes (archived up to ${archived}; last failure ${failedWal} at ${failedAt})`);
      await sleep(100);
    }
    const restored = await restoreToTime({ target: at, dataDir: path.join(t.dir, `restored-${label.replace(/[^a-z0-9]+/gi, '-')}`), stanza: t.cluster.scope, repo: t.repo });
    console.log(`${label}: base backup ${mb(backup.databaseBytes)} of database (${mb(backup.repoBytes)} in the bucket) in ${s(backup.ms)}; restore to a moment after it in ${s(restored.ms)}`);
  }
  await backupAndRestore('empty site');
  if (MEMBERS > 0) {
    await admin.query('create table members (id bigserial primary key, username text unique, email text unique, password_hash text, tier text, bio text, created_at timestamptz default now())');
    for (let from = 0; from < MEMBERS; from += 20_000) {
      await admin.query(`insert into members (username, email, password_hash, tier, bio)
        select 'member_' || g, 'member_' || g || '@example.com', '$argon2id$v=19$m=19456,t=2,p=1$' || md5(g::text) || md5((g * 7)::text), (array['free','pro','vip'])[1 + g % 3], repeat(md5(g::text), 4)
        from generate_series($1::int, $2::int) g`, [from + 1, Math.min(MEMBERS, from + 20_000)]);
    }
    const [{ size }] = (await admin.query('select pg_database_size(current_database())::bigint as size')).rows;
    console.log(`${MEMBERS.toLocaleString('en')} member rows: database ${mb(Number(size))}`);
    await backupAndRestore(`${MEMBERS.toLocaleString('en')} members`);
  }
  await admin.end();

  // 3. Failovers.
  for (let run = 1; run <= RUNS; run += 1) {
    const before = await t.cluster.status();
    const victim = before.primary;
    const pool = new pg.Pool({ connectionString: url, max: WRITERS, connectionTimeoutMillis: 3000, query_timeout: 10_000 });
    pool.on('error', () => {});
    const acknowledged = [];
    let attempted = 0;
    let failed = 0;
    let killedAt = 0;
    let firstWrite = 0;
    let writing = true;
    let next = 0;
    // A LISTEN connection on HAProxy with the loop every service's listener uses (the API's signals,
    // the CMS's site access, the site server's builds): when does a NOTIFY reach it again?
    const heard = new Set();
    const signals = listenWithRetry({
      connect: () => connectedClient(new pg.Client({ connectionString: url })),
      discard: (client) => client.end(),
      channels: () => ['failover_bench'],
      onNotify: (_channel, payload) => heard.add(payload),
      warn: () => {},
    });
    await signals.start();
    const writers = Array.from({ length: WRITERS }, async () => {
      while (writing) {
        const key = `run${run}-${next++}`;
        attempted += 1;
        // Only a write begun after the kill counts as the first one after it.
        const afterKill = killedAt > 0;
        try {
          await pool.query("insert into orders (member, idempotency_key, total_cents) values ('f', $1, 100)", [key]);
          acknowledged.push(key);
          if (afterKill && !firstWrite) firstWrite = Date.now();
        } catch {
          failed += 1;
          await sleep(50);
        }
      }
    });
    await sleep(2000);
    killedAt = Date.now();
    const killed = t.cluster.killHost(victim);
    const after = await t.cluster.waitFor('a promotion', (st) => st?.primary != null && st.primary !== victim, 120_000);
    const promotedMs = Date.now() - killedAt;
    while (!firstWrite && Date.now() - killedAt < 120_000) await sleep(50);
    await sleep(1000);
    writing = false;
    await Promise.all(writers);
    await pool.end();
    let listenBack = 0;
    const notifier = new pg.Client({ connectionString: url });
    notifier.on('error', () => {});
    await notifier.connect();
    for (let i = 0; !listenBack && Date.now() - killedAt < 180_000; i += 1) {
      await notifier.query('select pg_notify($1, $2)', ['failover_bench', `n${i}`]);
      await sleep(250);
      if (heard.has(`n${i}`) || heard.has(`n${i - 1}`)) listenBack = Date.now();
    }
    await notifier.end();
    await signals.stop();
    const present = new Set();
    const check = new pg.Client({ connectionString: url });
    check.on('error', () => {});
    await check.connect();
    for (const { k } of (await check.query("select idempotency_key as k from orders where member = 'f'")).rows) present.add(k);
    await check.end();
    const lost = acknowledged.filter((k) => !present.has(k)).length;
    if (lost > 0 || !firstWrite || !listenBack) failures += 1;
    console.log(`failover ${run}: killed ${victim}'s ${killed} processes; ${after.primary} primary after ${s(promotedMs)}, first acknowledged write after ${firstWrite ? s(firstWrite - killedAt) : 'never'}${firstWrite - killedAt > 30_000 ? ' (over 30 s!)' : ''}; writes attempted ${attempted}, acknowledged ${acknowledged.length}, failed ${failed}, lost ${lost}; the LISTEN connection heard a NOTIFY again ${listenBack ? `${s(listenBack - killedAt)} after the kill` : 'never'}`);
    const rejoinStart = Date.now();
    t.cluster.startHost(victim);
    await t.cluster.waitFor(`${victim} to rejoin`, t.cluster.healthy(t.cluster.hosts.map((h) => h.name)), 240_000);
    console.log(`  ${victim} rejoined as a standby in ${s(Date.now() - rejoinStart)}`);
  }
} finally {
  await t.stop();
}
if (failures) {
  console.error(`pg-failover: ${failures} failover(s) lost acknowledged writes or never wrote again`);
  process.exitCode = 1;
}
