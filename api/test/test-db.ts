import { createFreshDatabase } from '@app/test-support/fresh-database';
import { createDb, migrateDb, type Db } from '../src/db/client.ts';

/** The schema as the migrations leave it: made once a run, then copied for each file. */
const migrated = {
  key: 'api_migrated',
  async prepare(url: string) {
    const db = createDb(url, 2);
    try {
      await migrateDb(db);
    } finally {
      await db.$client.end();
    }
  },
};

/** A fresh, migrated database for one test file; `drop()` removes it. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const fresh = await createFreshDatabase(migrated);
  const db = createDb(fresh.url, 5);
  return {
    db,
    url: fresh.url,
    async drop() {
      await db.$client.end();
      await fresh.drop();
    },
  };
}
