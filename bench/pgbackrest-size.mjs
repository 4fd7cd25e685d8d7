// pgBackRest's base backup and restore, measured (issue 51, "Measure and report"): a two-host
// Patroni cluster on 127.0.0.1 archiving to s3rver over TLS (scripts/lib/pg-ha-test-cluster.mjs,
// ports 4600–4696 unless BENCH_BASE_PORT moves them), its database made as `npm start` makes it —
// the CMS's migrations and demo content (cms/src/scripts/prepare-db.ts), the API's migrations,
// demo accounts and demo community — then BENCH_MEMBERS members (default 100,000) added as rows of
// app.users in one generate_series. At each size: the database's size, `pgbackrest backup
// --type=full` (its time, the backup's size and what the bucket holds of it), and a restore into a
// fresh data folder with the WAL replayed to a moment after the backup (restoreToTime, what
// `npm run restore -- --time …` does): its time and the restored folder's size. As root:
//   scripts/node.sh node bench/pgbackrest-size.mjs
import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createSecretBox } from '@app/shared/second-factor-secrets';
import { createDb, migrateDb } from '@app/api/db';
import { DEMO_ACCOUNTS } from '@app/api/domain/accounts/demo-accounts';
import { ensureAccount } from '@app/api/domain/accounts/ensure-accounts';
import { seedDemoCommunity } from '@app/api/domain/demo/seed-demo-community';
import { ensureDemoSecondFactor } from '@app/api/domain/second-factor/ensure-demo-second-factor';
import { restoreToTime } from '../scripts/lib/pg-ha.mjs';
import { clusterUnavailable, startTestCluster } from '../scripts/lib/pg-ha-test-cluster.mjs';
import { prepareCms } from '../scripts/lib/stack.mjs';

const unavailable = clusterUnavailable();
if (unavailable) {
  console.error(`pgbackrest-size: ${unavailable}`);
  process.exit(1);
}
const BASE_PORT = Number(process.env.BENCH_BASE_PORT ?? 4600);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const du = (dir) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);

const t = await startTestCluster({ backups: true, basePort: BASE_PORT, bucket: 'database-backups' });
try {
  const admin = new pg.Client({ connectionString: t.databaseUrl() });
  admin.on('error', () => {});
  await admin.connect();
  await admin.query('create database better_self');
  await admin.end();
  const url = t.databaseUrl('better_self');

  // The demo content, as `npm start` leaves it: the CMS first, then the API.
  const internalSecret = randomBytes(24).toString('hex');
  const mediaDir = path.join(t.dir, 'media');
  mkdirSync(mediaDir, { recursive: true });
  const seedStarted = Date.now();
  await prepareCms({ ...process.env, DATABASE_URL: url, PAYLOAD_SECRET: randomBytes(24).toString('hex'), INTERNAL_SECRET: internalSecret, MEDIA_DIR: mediaDir, PUBLIC_URL: 'http://localhost:3000', CMS_URL: 'http://127.0.0.1:9', API_URL: 'http://127.0.0.1:9' }, true);
  const db = createDb(url, 2);
  await migrateDb(db);
  for (const account of DEMO_ACCOUNTS) await ensureAccount(db, account);
  for (const account of DEMO_ACCOUNTS.filter((a) => a.admin)) await ensureDemoSecondFactor(db, createSecretBox(internalSecret), account.username);
  await seedDemoCommunity(db);
  await db.$client.end();
  console.log(`demo content made in ${s(Date.now() - seedStarted)}`);

  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();

  await client.query('create table public.bench_marks (id serial primary key, label text not null, at timestamptz not null default clock_timestamp())');

  async function backupAndRestore(label) {
    const [{ size, members }] = (await client.query('select pg_database_size(current_database())::bigint as size, (select count(*) from app.users)::int as members')).rows;
    const [{ cluster }] = (await client.query('select sum(pg_database_size(datname))::bigint as cluster from pg_database')).rows;
    const backup = await t.cluster.backup({ type: 'full' });
    // A restore goes to a moment after the backup (pgBackRest's stop times are whole seconds, so
    // a second later): that moment's WAL must be in the bucket.
    await sleep(1100);
    const [{ at }] = (await client.query('select clock_timestamp()::text as at')).rows;
    await client.query('select pg_switch_wal()');
    await sleep(200);
    // A commit after that moment, for the replay to stop at.
    const [{ wal }] = (await client.query('insert into bench_marks (label) values ($1) returning pg_walfile_name(pg_current_wal_lsn()) as wal', [label])).rows;
    await client.query('select pg_switch_wal()');
    for (let i = 0; ; i += 1) {
      const [{ archived }] = (await client.query('select last_archived_wal as archived from pg_stat_archiver')).rows;
      if (archived && archived >= wal) break;
      if (i === 1200) throw new Error(`${wal} not archived within 2 minutes (archived up to ${archived})`);
      await sleep(100);
    }
    const dataDir = path.join(t.dir, `restored-${label.replace(/[^a-z0-9]+/gi, '-')}`);
    const restored = await restoreToTime({ target: at, dataDir, stanza: t.cluster.scope, repo: t.repo });
    console.log(`${label} (${members.toLocaleString('en')} rows in app.users): database ${mb(Number(size))} (all databases ${mb(Number(cluster))})`);
    console.log(`  pgbackrest backup --type=full: ${s(backup.ms)}, backup ${mb(backup.databaseBytes)}, ${mb(backup.repoBytes)} in the bucket`);
    console.log(`  restore into a fresh data folder, WAL replayed to a moment after it: ${s(restored.ms)}, ${mb(du(dataDir))} on disk`);
  }

  await backupAndRestore('demo content');
  if (MEMBERS > 0) {
    const started = Date.now();
    await client.query(`insert into app.users (username, email, password_hash, display_name, bio, membership_tier, email_confirmed_at, created_at)
      select 'member_' || g, 'member_' || g || '@example.com',
        '$argon2id$v=19$m=19456,t=2,p=1$' || substr(md5(g::text), 1, 22) || '$' || md5((g * 7)::text) || substr(md5((g * 13)::text), 1, 11),
        'Member ' || g, case when g % 4 = 0 then 'Learning one habit at a time. ' || repeat(md5(g::text), 2) end,
        (array['free', 'free', 'pro', 'vip'])[1 + g % 4], now() - (g % 700) * interval '1 day', now() - (g % 900) * interval '1 day'
      from generate_series(1, $1::int) g`, [MEMBERS]);
    console.log(`${MEMBERS.toLocaleString('en')} members inserted in ${s(Date.now() - started)}`);
    await backupAndRestore(`demo content + ${MEMBERS.toLocaleString('en')} members`);
  }
  await client.end();
} finally {
  await t.stop();
}
