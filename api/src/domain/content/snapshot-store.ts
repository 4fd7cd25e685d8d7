import type { ContentRecords } from '@app/shared/server';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentSnapshots } from '../../db/schema/index.ts';

export type SnapshotStore = {
  save(records: ContentRecords, loadedAt: string): Promise<void>;
  load(): Promise<{ records: ContentRecords; loadedAt: string } | null>;
};

export function createSnapshotStore(db: Db): SnapshotStore {
  return {
    async save(records, loadedAt) {
      const row = { id: 1, data: records, loadedAt: new Date(loadedAt) };
      await db.insert(contentSnapshots).values(row).onConflictDoUpdate({ target: contentSnapshots.id, set: row });
    },
    async load() {
      const [row] = await db.select().from(contentSnapshots).where(eq(contentSnapshots.id, 1));
      return row ? { records: row.data as ContentRecords, loadedAt: row.loadedAt.toISOString() } : null;
    },
  };
}
