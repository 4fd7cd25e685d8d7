import { createFreshDatabase } from '@app/test-support/fresh-database';
import { createDb, migrateDb, type Db } from '../src/db/client.ts';

/** A fresh, migrated database for one test file; `drop()` removes it. */
export async function createTestDatabase(): Promise<{ db: Db; url: string; drop(): Promise<void> }> {
  const fresh = await createFreshDatabase();
  const db = createDb(fresh.url, 5);
  await migrateDb(db);
  return {
    db,
    url: fresh.url,
    async drop() {
      await db.$client.end();
      await fresh.drop();
    },
  };
}
