// One publishing snapshot (DESIGN §3): the content the API's read model holds, with a version.
// The site build reads the same snapshot, so a page and /api show the same content version.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ContentRecords } from './cms-documents.ts';

export type ContentSnapshot = {
  /** A hash of the content: the same content has the same version on every API instance. */
  version: string;
  loadedAt: string;
  records: ContentRecords;
};

export function contentVersion(records: ContentRecords): string {
  return createHash('sha256').update(JSON.stringify(records)).digest('hex').slice(0, 16);
}

export function toSnapshot(records: ContentRecords, loadedAt: string): ContentSnapshot {
  return { version: contentVersion(records), loadedAt, records };
}

export async function readSnapshotFile(file: string): Promise<ContentSnapshot> {
  const snapshot = JSON.parse(await readFile(file, 'utf8')) as ContentSnapshot;
  if (typeof snapshot?.version !== 'string' || !snapshot.records?.articles) throw new Error(`${file} is not a content snapshot`);
  return snapshot;
}
