import { contentVersion, type ContentRecords, type ContentSnapshot } from '@app/shared/server';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentSnapshots } from '../../db/schema/index.ts';

export type SnapshotStore = {
  /** `json`: the records already serialized (the read model's load writes them once, in turns). */
  save(snapshot: ContentSnapshot, json?: string): Promise<void>;
  load(): Promise<ContentSnapshot | null>;
};

/** The last loaded snapshot, one row, so a restart while the CMS is down still serves content. */
export function createSnapshotStore(db: Db): SnapshotStore {
  return {
    async save(snapshot, json) {
      const row = { id: 1, data: json === undefined ? snapshot.records : sql`${json}::jsonb`, version: snapshot.version, loadedAt: new Date(snapshot.loadedAt) };
      // The row's values once: `set: row` serialized the whole library a second time (every body read
      // back from its packed form again) and sent it twice, for minutes of the API's thread after a
      // large import (issue 49 #4).
      await db
        .insert(contentSnapshots)
        .values(row)
        .onConflictDoUpdate({ target: contentSnapshots.id, set: { data: sql`excluded.data`, version: sql`excluded.version`, loadedAt: sql`excluded.loaded_at` } });
    },
    async load() {
      const [row] = await db.select().from(contentSnapshots).where(eq(contentSnapshots.id, 1));
      if (!row) return null;
      const records = row.data as ContentRecords;
      return { records, version: row.version || contentVersion(records), loadedAt: row.loadedAt.toISOString() };
    },
  };
}
