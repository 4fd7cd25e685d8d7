// Child process: the real API app on a fresh database, with a fake CMS holding game content.
import pg from 'pg';
import { createDb, migrateDb } from '../../api/src/db/client.ts';
import { ensureAccount } from '../../api/src/domain/accounts/ensure-accounts.ts';
import { createCmsContentSource } from '../../api/src/integrations/cms-content-source.ts';
import { startFakeCms } from '../../api/test/fake-cms.ts';
import { sampleRecords } from '../../api/test/fixtures.ts';
import { gameRecords } from '../../api/test/game-fixtures.ts';
import { startTestApp, TEST_SECRET } from '../../api/test/test-app.ts';

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
