// Forked by scripts/bench/avatar-upload.mjs: the real API app (createApp) alone in a process of its
// own, on a fresh database, with a stand-in CMS and avatars on local disk in a temporary folder.
// It answers its address, and its RSS whenever asked, over IPC.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateDb } from '../../api/src/db/client.ts';
import { createLocalMediaStore } from '../../api/src/integrations/media/local-media-store.ts';
import { createCmsContentSource } from '../../api/src/integrations/cms-content-source.ts';
import { startFakeCms } from '../../api/test/fake-cms.ts';
import { sampleRecords } from '../../api/test/fixtures.ts';
import { startTestApp, TEST_ORIGIN, TEST_SECRET } from '../../api/test/test-app.ts';

const db = createDb(process.env.DATABASE_URL, 5);
await migrateDb(db);
const cms = await startFakeCms(sampleRecords(), TEST_SECRET);
const media = createLocalMediaStore({ dir: mkdtempSync(path.join(tmpdir(), 'bench-avatars-')), publicUrl: TEST_ORIGIN });
const app = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { media } });
process.on('message', (m) => {
  if (m === 'rss') process.send({ rss: process.memoryUsage().rss });
});
process.send({ base: app.base });
