// Child process: the real API app on a fresh database, with a fake CMS holding game content.
import pg from 'pg';
import { createDb, migrateDb } from '@app/api/db';
import { ensureAccount } from '@app/api/domain/accounts/ensure-accounts';
import { createCmsContentSource } from '@app/api/integrations/cms-content-source';
import { startFakeCms } from '@app/api/test/fake-cms';
import { sampleRecords } from '@app/api/test/fixtures';
import { gameRecords } from '@app/api/test/game-fixtures';
import { startTestApp, TEST_SECRET } from '@app/api/test/test-app';

const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_games_${Date.now()}`;
const c = new pg.Client({ connectionString: admin });
await c.connect();
await c.query(`create database ${name}`);
await c.end();
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const db = createDb(url, 10);
await migrateDb(db);
await ensureAccount(db, { username: 'bench_member', email: 'bench@example.com', password: 'pass-word-1', tier: 'free' });
const cms = await startFakeCms({ ...sampleRecords(), ...gameRecords() }, TEST_SECRET);
const app = await startTestApp({ db, source: createCmsContentSource(cms.url, TEST_SECRET) });
process.send({ base: app.base, url, name });
