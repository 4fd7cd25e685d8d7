// Forked by bench/avatar-upload.mjs: the real API app (createApp) alone in a process of its
// own, on a fresh database, with a stand-in CMS and avatars on local disk in a temporary folder.
// It answers its address, and its RSS whenever asked, over IPC.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migrateDb } from '@app/api/db';
import { createLocalMediaStore } from '@app/api/integrations/media/local-media-store';
import { createCmsContentSource } from '@app/api/integrations/cms-content-source';
import { startFakeCms } from '@app/api/test/fake-cms';
import { sampleRecords } from '@app/api/test/fixtures';
import { startTestApp, TEST_ORIGIN, TEST_SECRET } from '@app/api/test/test-app';

const db = createDb(process.env.DATABASE_URL, 5);
await migrateDb(db);
const cms = await startFakeCms(sampleRecords(), TEST_SECRET);
const media = createLocalMediaStore({ dir: mkdtempSync(path.join(tmpdir(), 'bench-avatars-')), publicUrl: TEST_ORIGIN });
const app = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET), overrides: { media } });
process.on('message', (m) => {
  if (m === 'rss') process.send({ rss: process.memoryUsage().rss });
});
process.send({ base: app.base });
