import type { ContentSnapshot } from '@app/shared/server';
import { contentVersion } from '@app/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployments } from '../src/db/schema/index.ts';
import { createDeployLock } from '../src/domain/deploy/deploy-lock.ts';
import { createDeploymentLog } from '../src/domain/deploy/deployment-log.ts';
import { createRebuildScheduler, type SiteBuilder } from '../src/domain/deploy/rebuild-scheduler.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

function snapshotOf(title: string): ContentSnapshot {
  const records = sampleRecords();
  records.articles[0]!.title = title;
  return { records, version: contentVersion(records), loadedAt: new Date().toISOString() };
}

describe('content-change rebuilds with several API instances', () => {
  it('builds each content change once, however many instances ask for it', async () => {
    const built: string[] = [];
    // One shared build folder: a build takes a while, so the instances really overlap.
    const builder: SiteBuilder = {
      async build(snapshot) {
        built.push(snapshot.version);
        await new Promise((r) => setTimeout(r, 200));
        return { buildId: 'b1' };
      },
    };
    let snapshot = snapshotOf('First');
    // Two instances on one database: each has its own read model (same content) and scheduler.
    const instances = [1, 2].map(() => createRebuildScheduler({ builder, snapshot: () => snapshot, log: createDeploymentLog(testDb.db), logger: silentLogger, debounceMs: 20, lock: createDeployLock(testDb.db) }));

    for (const i of instances) i.request('content changed');
    await Promise.all(instances.map((i) => i.idle()));
    expect(built).toEqual([snapshot.version]);

    snapshot = snapshotOf('Second');
    for (const i of instances) i.request('content changed');
    await Promise.all(instances.map((i) => i.idle()));
    expect(built).toEqual([snapshotOf('First').version, snapshot.version]);

    const rows = await testDb.db.select().from(deployments);
    expect(rows.map((r) => [r.kind, r.status, r.contentVersion])).toEqual([
      ['content', 'succeeded', snapshotOf('First').version],
      ['content', 'succeeded', snapshot.version],
    ]);
    instances.forEach((i) => i.stop());
  });

  it('counts the debounce from the change signal, beside the read model reloading', async () => {
    const started: number[] = [];
    const builder: SiteBuilder = {
      async build() {
        started.push(Date.now());
        return { buildId: 'b1' };
      },
    };
    let snapshot = snapshotOf('Third');
    const rebuilds = createRebuildScheduler({ builder, snapshot: () => snapshot, log: createDeploymentLog(testDb.db), logger: silentLogger, debounceMs: 1000, lock: createDeployLock(testDb.db) });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

    // The signal, then a reload that outlasts the debounce: the request after it builds at once.
    rebuilds.changeSignalled();
    await sleep(1100);
    const requested = Date.now();
    rebuilds.request('content changed');
    await rebuilds.idle();
    expect(started).toHaveLength(1);
    // (A whole debounce after the request would be 1 s; the lock and the deployment's row take a few ms.)
    expect(started[0]! - requested).toBeLessThan(900);

    // A reload shorter than the debounce: the build still waits a whole debounce from the signal.
    snapshot = snapshotOf('Fourth');
    const signalled = Date.now();
    rebuilds.changeSignalled();
    await sleep(100);
    rebuilds.request('content changed');
    await rebuilds.idle();
    expect(started[1]! - signalled).toBeGreaterThanOrEqual(990);

    // Signals while a request waits restart its wait: a burst builds once, after it.
    snapshot = snapshotOf('Fifth');
    rebuilds.changeSignalled();
    rebuilds.request('content changed');
    await sleep(600);
    const lastSignal = Date.now();
    rebuilds.changeSignalled();
    await rebuilds.idle();
    expect(started).toHaveLength(3);
    expect(started[2]! - lastSignal).toBeGreaterThanOrEqual(990);
    rebuilds.stop();
  });
});
