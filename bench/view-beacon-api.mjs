// The API alone for bench/view-beacon.mjs, in a process of its own like the service: a fresh
// database, a stand-in CMS with the sample articles, the real app (the test harness's wiring).
import { createCmsContentSource } from '@app/api/integrations/cms-content-source';
import { startFakeCms } from '@app/api/test/fake-cms';
import { sampleRecords } from '@app/api/test/fixtures';
import { startTestApp, TEST_SECRET } from '@app/api/test/test-app';
import { createDb, migrateDb } from '@app/api/db';
import { ensureDatabase, startEmbeddedPostgres } from '@app/embedded-db';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { root } from '../scripts/lib/stack.mjs';

const dataDir = path.join(root, '.data/bench-view-beacon');
await rm(dataDir, { recursive: true, force: true });
const pg = await startEmbeddedPostgres({ dataDir, port: 54393 });
await ensureDatabase(pg.url(), 'app');
const db = createDb(pg.url('app'), 10);
await migrateDb(db);
const testDb = { db, drop: async () => { await db.$client.end(); await pg.stop(); } };
const cms = await startFakeCms(sampleRecords(), TEST_SECRET);
const app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
process.send?.({ base: app.base });
process.on('message', async (m) => {
  // The CPU time this process has used, for the bench's cost per beacon.
  if (m === 'cpu') return process.send?.({ cpu: process.cpuUsage() });
  if (m !== 'stop') return;
  await app.close();
  const { rows } = await testDb.db.$client.query('select coalesce(sum(views), 0)::int as views from app.article_views');
  process.send?.({ views: rows[0].views });
  await cms.close();
  await testDb.drop();
  process.exit(0);
});
