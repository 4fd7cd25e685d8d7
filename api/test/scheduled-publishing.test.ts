import { sql } from 'drizzle-orm';
import { visibleAt } from '@app/shared/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentReadModel } from '../src/domain/content/content-read-model.ts';
import { createSnapshotStore } from '../src/domain/content/snapshot-store.ts';
import { createDeployLock } from '../src/domain/deploy/deploy-lock.ts';
import { createDeploymentLog } from '../src/domain/deploy/deployment-log.ts';
import { createRebuildScheduler, type SiteBuilder } from '../src/domain/deploy/rebuild-scheduler.ts';
import { listenForContentChanges } from '../src/integrations/content-change-listener.ts';
import { createSignals } from '../src/integrations/signals.ts';
import { scheduledPublishingJob } from '../src/jobs/scheduled-publishing-job.ts';
import { scheduleJob } from '../src/jobs/schedule-job.ts';
import { article, sampleRecords } from './fixtures.ts';
import { silentLogger } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});

describe('what the site shows at a time', () => {
  it('leaves out an article until its publish date and after its unpublish date, and keeps the times that change it', () => {
    const records = sampleRecords();
    records.articles = [
      article(1, 'free', { publishDate: '2026-05-01T09:00:00.000Z' }),
      article(2, 'free', { publishDate: '2026-06-01T09:00:00+02:00', title: 'Monday post' }),
      article(3, 'pro', { publishDate: '2026-04-01T00:00:00.000Z', unpublishDate: '2026-05-20T00:00:00.000Z' }),
      article(4, 'free', { publishDate: '2026-04-01T00:00:00.000Z', unpublishDate: '2026-05-02T00:00:00.000Z' }),
    ];
    const at = visibleAt(records, '2026-05-10T00:00:00.000Z');
    expect(at.articles.map((a) => a.id)).toEqual([1, 3]);
    expect(at.schedule).toEqual({ upcoming: ['2026-05-20T00:00:00.000Z', '2026-06-01T07:00:00.000Z'], articles: [{ id: 2, title: 'Monday post', publishDate: '2026-06-01T07:00:00.000Z', unpublishDate: null }] });
    expect(visibleAt(records, '2026-06-01T07:00:00.000Z').articles.map((a) => a.id)).toEqual([1, 2]);
  });
});

describe('scheduled publishing on several API instances', () => {
  it.each([
    ['rounds every quarter second', 250],
    ['rounds every minute: the round at the publish time itself', 60_000],
  ])('puts a scheduled article on every instance soon after its time, and rebuilds the site once (%s)', async (_label, every) => {
    const goesLive = new Date(Date.now() + 1500).toISOString();
    const records = sampleRecords();
    records.articles.push(article(9, 'free', { title: 'Scheduled for now', publishDate: goesLive }));
    const built: string[] = [];
    const builder: SiteBuilder = {
      async build(snapshot) {
        built.push(snapshot.records.articles.map((a) => a.id).join(','));
        await new Promise((r) => setTimeout(r, 100));
        return { buildId: `b${built.length}` };
      },
    };
    // Two instances on one database, each as server.ts wires it: a read model reloaded on the
    // change signal, a rebuild scheduler behind the deployment lock, and the job on the round claim.
    const instances = [1, 2].map((n) => {
      // eslint-disable-next-line prefer-const
      let rebuilds: ReturnType<typeof createRebuildScheduler>;
      const content = createContentReadModel({ source: { load: async () => structuredClone(records) }, snapshots: createSnapshotStore(testDb.db), logger: silentLogger, onChange: (s) => rebuilds.request(`content ${s.version}`) });
      rebuilds = createRebuildScheduler({ builder, snapshot: () => content.current().snapshot, log: createDeploymentLog(testDb.db), logger: silentLogger, debounceMs: 50, lock: createDeployLock(testDb.db) });
      const listener = createSignals({ databaseUrl: testDb.url, logger: silentLogger });
      listenForContentChanges({ signals: listener, onChange: () => void content.refresh() });
      const job = scheduleJob({ db: testDb.db, logger: silentLogger, clock: () => new Date(), instance: `api-${n}` }, scheduledPublishingJob({ db: testDb.db, content }, every));
      return { content, rebuilds, listener, job };
    });
    try {
      await Promise.all(instances.map((i) => i.content.start()));
      await Promise.all(instances.map((i) => i.listener.start()));
      await Promise.all(instances.map((i) => i.rebuilds.idle()));
      for (const i of instances) expect(i.content.current().articles.has(9)).toBe(false);
      expect(built).toEqual(['1,2,3']);

      await expect.poll(() => instances.every((i) => i.content.current().articles.has(9)), { timeout: every > 1000 ? 4000 : 10_000, interval: 100 }).toBe(true);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(goesLive));
      await new Promise((r) => setTimeout(r, 1000));
      await Promise.all(instances.map((i) => i.rebuilds.idle()));
      expect(built).toEqual(['1,2,3', '1,2,3,9']);
      for (const i of instances) expect(i.content.current().snapshot.records.schedule).toEqual({ upcoming: [], articles: [] });
      // The time's own round ran once, on one instance.
      const { rows } = await testDb.db.execute<{ instance: string; outcome: string }>(sql`select instance, outcome from app.job_rounds where job = 'scheduled-publishing' and round_start = ${goesLive}`);
      if (every > 1000) expect(rows).toEqual([{ instance: expect.stringMatching(/^api-[12]$/), outcome: 'succeeded' }]);
    } finally {
      for (const i of instances) {
        i.job.stop();
        i.rebuilds.stop();
        await i.listener.stop();
      }
    }
  });
});
