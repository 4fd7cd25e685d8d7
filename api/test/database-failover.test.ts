import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventually as retryFor } from '@app/test-support/eventually';
import { clusterUnavailable, restoreToTime, startTestCluster, type TestCluster } from '../../scripts/lib/pg-ha-test-cluster.mjs';
import { createDb, migrateDb, type Db } from '../src/db/client.ts';
import { databaseHostsReport } from '../src/domain/system/get-system-report.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { createDatabaseHostsProbe } from '../src/integrations/database-hosts.ts';
import { createSignals } from '../src/integrations/signals.ts';
import { BUSY_MESSAGE } from '../src/lib/database-unavailable.ts';
import { browserClient } from './browser-client.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { confirmationToken } from './sign-up.ts';
import { startTestApp, TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

// The API on a replicated database (issue 51): two hosts under Patroni on 127.0.0.1, the app's
// DATABASE_URL on HAProxy (scripts/lib/pg-ha-test-cluster.mjs). Needs root and Debian's patroni,
// etcd-server, haproxy and pgbackrest; skipped without them.
const unavailable = clusterUnavailable();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A failover may take up to 90 s to route writes again (the promotion alone is measured by bench/pg-failover.mjs). */
const eventually = <T>(attempt: () => Promise<T>, timeoutMs = 90_000) => retryFor(attempt, timeoutMs);

describe.skipIf(unavailable)('the API through a database failover', () => {
  let t: TestCluster;
  let db: Db;
  let cms: Awaited<ReturnType<typeof startFakeCms>>;
  let app: Awaited<ReturnType<typeof startTestApp>>;
  let url: string;

  async function query<R extends pg.QueryResultRow>(connection: string, sql: string): Promise<R[]> {
    const c = new pg.Client({ connectionString: connection, connectionTimeoutMillis: 3000 });
    c.on('error', () => {});
    await c.connect();
    try {
      return (await c.query<R>(sql)).rows;
    } finally {
      await c.end().catch(() => {});
    }
  }
  const ready = async () => {
    const res = await app.fetch('/api/ready');
    return { status: res.status, body: await res.json() };
  };
  const signIn = () => app.fetch('/api/login', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ username: 'nobody_here', password: 'wrong-pass-1' }) });

  beforeAll(async () => {
    t = await startTestCluster({ backups: true });
    await eventually(() => query(t.databaseUrl(), 'create database better_self'));
    url = t.databaseUrl('better_self');
    db = createDb(url, 4);
    await migrateDb(db);
    cms = await startFakeCms(sampleRecords(), TEST_SECRET);
    app = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: url });
  }, 300_000);
  // Each test starts on a primary with its synchronous standby caught up (a test before may have
  // left the standby catching up, or the old primary rejoining), so a test's second try in CI
  // starts where its first did.
  beforeEach(async () => {
    await t.cluster.waitFor('a primary and a caught-up synchronous standby', t.cluster.healthy(t.cluster.hosts.map((h) => h.name)), 120_000);
  }, 130_000);
  // A failed test leaves the cluster's state and its hosts' logs where `npm test` prints them at
  // the end of the run (.data/test-results/diagnostics/), since the cluster is gone afterwards.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !t) return;
    const dir = path.resolve(import.meta.dirname, '../../.data/test-results/diagnostics');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `database-failover-${task.name.slice(0, 40).replace(/\W+/g, '-')}-${Date.now()}.txt`), `${task.name}\n${await t.diagnostics()}\n`);
  }, 30_000);
  afterAll(async () => {
    await app?.close();
    await cms?.close();
    await db?.$client.end().catch(() => {});
    await t?.stop();
  }, 120_000);

  it('reports on /api/ready that it reaches the primary, its synchronous standby, and a standby that falls behind', async () => {
    const status = await t.cluster.status();
    const standby = t.cluster.hosts.find((h) => h.name !== status!.primary)!;
    const first = await ready();
    expect(first.status).toBe(200);
    expect(first.body.database).toEqual({ ok: true, role: 'primary', standbys: [expect.objectContaining({ name: standby.name, state: 'streaming', sync: 'sync', behind: false })] });

    // The standby's replay stops (its startup process frozen; the WAL receiver still flushes, so
    // commits go on): ~25 MB of WAL later it is behind. (pg_wal_replay_pause would not do: Patroni resumes it.)
    const startup = t.cluster.postgresPids(standby.name).filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('startup'));
    expect(startup).toHaveLength(1);
    const replaying = startup[0]!;
    process.kill(replaying, 'SIGSTOP');
    try {
      await query(url, 'create table wal_filler as select g, md5(g::text) as m from generate_series(1, 400000) g');
      const behind = await ready();
      expect(behind.status).toBe(200);
      expect(behind.body.database.standbys).toEqual([expect.objectContaining({ name: standby.name, behind: true })]);
      expect(behind.body.database.standbys[0].lagBytes).toBeGreaterThan(16 * 1024 * 1024);
      expect(behind.body.database.warning).toMatch(new RegExp(`^Standby ${standby.name} is behind \\(\\d+\\.\\d MB`));
    } finally {
      process.kill(replaying, 'SIGCONT');
      await query(url, 'drop table if exists wal_filler');
    }
    const caughtUp = await eventually(async () => {
      const r = await ready();
      if (r.body.database.standbys?.[0]?.behind !== false) throw new Error('still behind');
      return r.body.database;
    });
    expect(caughtUp.warning).toBeUndefined();

    // Pointed at the standby itself, the instance is not ready: it could not write.
    const onStandby = createDb(t.cluster.directUrl(standby, 'better_self'), 1);
    try {
      const { checkReadiness } = await import('../src/domain/system/check-readiness.ts');
      const r = await checkReadiness({ db: onStandby, content: () => app.content.current(), cms: null });
      expect(r).toMatchObject({ ready: false, message: 'Not ready: the database answering is a read-only standby.', database: { ok: false, role: 'standby' } });
    } finally {
      await onStandby.$client.end();
    }
  }, 180_000);

  it('routes through HAProxy to the primary, and a commit is acknowledged only once the synchronous standby has it', async () => {
    const status = (await t.cluster.status())!;
    const primary = t.cluster.hosts.find((h) => h.name === status.primary)!;
    const standby = t.cluster.hosts.find((h) => h.name !== status.primary)!;
    expect(status.members.find((m) => m.name === standby.name)?.role).toBe('sync_standby');
    expect(await query(url, 'select inet_server_port() as port, pg_is_in_recovery() as standby')).toEqual([{ port: primary.ports.postgres, standby: false }]);
    await query(url, 'create table if not exists sync_orders (id bigserial primary key, member text not null, idempotency_key text unique not null)');

    // With the standby's PostgreSQL frozen (SIGSTOP), a commit through HAProxy is not acknowledged;
    // it is the moment the standby runs again.
    const frozen = t.cluster.postgresPids(standby.name);
    expect(frozen.length).toBeGreaterThan(2);
    let acknowledged = false;
    let commit: Promise<unknown> | undefined;
    try {
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      commit = query(url, "insert into sync_orders (member, idempotency_key) values ('ann', 'sync-1')").then(() => (acknowledged = true));
      await sleep(2000);
      expect(acknowledged).toBe(false);
    } finally {
      for (const pid of frozen) process.kill(pid, 'SIGCONT');
    }
    await commit;
    expect(acknowledged).toBe(true);
    expect(await query(url, `select sync_state as "syncState" from pg_stat_replication where application_name = '${standby.name}'`)).toEqual([{ syncState: 'sync' }]);
    // And the row is readable on the standby itself (once replayed).
    const onStandby = await eventually(async () => {
      const rows = await query(t.cluster.directUrl(standby, 'better_self'), "select member, pg_is_in_recovery() as standby from sync_orders where idempotency_key = 'sync-1'");
      if (rows.length === 0) throw new Error('not replayed yet');
      return rows;
    });
    expect(onStandby).toEqual([{ member: 'ann', standby: true }]);
    await query(url, 'drop table sync_orders');
  }, 120_000);

  it('shows the database hosts, the primary, the lag, the last base backup and WAL archive time on Admin → System', async () => {
    const backup = await t.cluster.backup({ type: 'full' });
    await query(url, 'select pg_switch_wal()');
    const probe = createDatabaseHostsProbe({ patroniUrls: t.cluster.patroniUrls, pgbackrestStanza: t.cluster.scope }, { ...process.env, PGBACKREST_CONFIG: t.cluster.backrestConfigFile(t.cluster.hosts[0]!.name) });
    const report = await eventually(async () => {
      const r = await databaseHostsReport(db, probe);
      if (!r.archive?.lastArchivedAt) throw new Error('nothing archived yet');
      return r;
    });
    const primary = (await t.cluster.status())!.primary;
    expect(report.hosts).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: primary, role: 'primary', state: 'running' }),
      expect.objectContaining({ role: 'sync standby', lagBytes: expect.any(Number) }),
    ]));
    expect(report.hosts).toHaveLength(2);
    expect(report.lastBackup).toMatchObject({ label: backup.label, type: 'full' });
    expect(report.lastBackup!.databaseBytes).toBeGreaterThan(0);
    expect(report.archive!.lastArchivedWal).toMatch(/^[0-9A-F]{24}/);

    // A configured host that does not answer is listed as such.
    const withDead = createDatabaseHostsProbe({ patroniUrls: [...t.cluster.patroniUrls, 'http://127.0.0.1:9'], pgbackrestStanza: null });
    expect(await withDead.hosts()).toContainEqual({ name: '127.0.0.1:9', role: 'unknown', state: 'not answering', lagBytes: null, timeline: null });
  }, 180_000);

  it('restores to a moment between two sign-ups (pgBackRest from the bucket), and the API starts on the restored database', async () => {
    await t.cluster.backup({ type: 'full' });
    const member = async (username: string) => {
      const c = browserClient(app.base);
      expect((await c.post('/api/register', { username, email: `${username}@example.com`, password: 'secret-pass' })).status).toBe(201);
      expect((await c.post('/api/auth/confirm-email', { token: await confirmationToken(db, `${username}@example.com`) })).status).toBe(200);
    };
    await member('pitr_first');
    await query(url, 'select pg_switch_wal()');
    // A moment strictly between the two sign-ups, read from the server's own clock.
    await sleep(300);
    const at = (await query<{ at: string }>(url, 'select clock_timestamp()::text as at'))[0]!.at;
    await sleep(300);
    await member('pitr_second');
    const wal = (await query<{ wal: string }>(url, 'select pg_walfile_name(pg_switch_wal()) as wal'))[0]!.wal;
    await eventually(async () => {
      const archived = (await query<{ archived: string | null }>(url, 'select last_archived_wal as archived from pg_stat_archiver'))[0]!.archived;
      if (!archived || archived < wal) throw new Error('the second sign-up is not archived yet');
    });

    // What `npm run restore -- --time … --serve` runs, on the primary host's pgBackRest configuration.
    const primary = (await t.cluster.status())!.primary!;
    const restored = await restoreToTime({ target: at, dataDir: path.join(t.dir, 'restored-app'), stanza: t.cluster.scope, keepRunning: true, env: { ...process.env, PGBACKREST_CONFIG: t.cluster.backrestConfigFile(primary) } });
    const restoredUrl = `postgres://postgres:${encodeURIComponent(t.cluster.superuserPassword)}@127.0.0.1:${restored.port}/better_self`;
    const restoredDb = createDb(restoredUrl, 2);
    const onRestored = await startTestApp({ db: restoredDb, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: restoredUrl });
    try {
      expect((await onRestored.fetch('/api/ready')).status).toBe(200);
      const signIn = (username: string) => browserClient(onRestored.base).post('/api/login', { username, password: 'secret-pass' });
      expect((await signIn('pitr_first')).status).toBe(200);
      expect((await signIn('pitr_second')).status).toBe(401);
    } finally {
      await onRestored.close();
      await restoredDb.$client.end();
      await restored.server!.stop();
    }
  }, 300_000);

  it('answers 503 "busy" while the primary is gone, and its pool and LISTEN connection come back on the new primary by themselves', async () => {
    // The API's signals module on the HAProxy address, as each instance runs it.
    const received: string[] = [];
    let connects = 0;
    const signals = createSignals({ databaseUrl: url, logger: pino({ level: 'silent' }) });
    signals.subscribe('failover_probe', { onNotify: (payload) => received.push(payload), onConnect: () => void (connects += 1) });
    await signals.start();
    try {
      await query(url, "select pg_notify('failover_probe', 'before')");
      await eventually(async () => expect(received).toContain('before'));
      expect((await signIn()).status).toBe(401);

      const oldPrimary = (await t.cluster.status())!.primary!;
      t.cluster.killHost(oldPrimary);
      const answers: { status: number; message?: string }[] = [];
      // Requests while the standby is promoted: each answers (503 busy or its usual answer), none a 500.
      const promoted = t.cluster.waitFor('the promotion', (s) => s?.primary != null && s.primary !== oldPrimary, 90_000);
      let done = false;
      void promoted.finally(() => (done = true));
      while (!done) {
        const res = await signIn();
        answers.push({ status: res.status, message: ((await res.json()) as { message?: string }).message });
        await sleep(200);
      }
      await promoted;
      expect(answers.filter((a) => ![401, 503].includes(a.status))).toEqual([]);
      expect(answers.filter((a) => a.status === 503).every((a) => a.message === BUSY_MESSAGE)).toBe(true);
      expect(answers.some((a) => a.status === 503)).toBe(true);

      // The pool reaches the new primary: the usual answer again.
      await eventually(async () => expect((await signIn()).status).toBe(401));
      // The LISTEN connection is back on the new primary: a NOTIFY sent there arrives.
      await eventually(async () => {
        await query(url, "select pg_notify('failover_probe', 'after')");
        await sleep(300);
        expect(received).toContain('after');
      }, 120_000);
      expect(connects).toBeGreaterThanOrEqual(2);
      // The app's own LISTEN connection (chat, notifications, content signals) came back too: ready again.
      await eventually(async () => expect((await ready()).status).toBe(200));

      t.cluster.startHost(oldPrimary);
      await t.cluster.waitFor('the old primary to rejoin', t.cluster.healthy(t.cluster.hosts.map((h) => h.name)), 180_000);
    } finally {
      await signals.stop();
    }
  }, 420_000);
});
