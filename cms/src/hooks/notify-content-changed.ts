import { sql, type PostgresAdapter } from '@payloadcms/db-postgres';
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, GlobalAfterChangeHook, PayloadRequest } from 'payload';

/** The channel the API listens on (api/src/integrations/content-change-listener.ts). */
const CONTENT_CHANGED_CHANNEL = 'content_changed';

/**
 * Tells the API that content changed, so it reloads its read model and rebuilds the site from
 * it. The signal is a PostgreSQL NOTIFY sent on the save's own transaction: PostgreSQL delivers
 * it only when that transaction commits (and never for one rolled back), so the API always reads
 * what was saved. The seed passes `context.skipNotify` (nothing is listening yet).
 */
async function notify(req: PayloadRequest, change: { collection: string; operation: 'create' | 'update' | 'delete'; id: number | string | null }) {
  if (req.context.skipNotify) return;
  const adapter = req.payload.db as unknown as PostgresAdapter;
  const session = req.transactionID ? adapter.sessions[String(await req.transactionID)] : undefined;
  const db = session?.db ?? adapter.drizzle;
  await db.execute(sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, ${JSON.stringify(change)})`);
}

/** One signal for a batch saved with `context.skipNotify` (the channel sync's), after it is saved. */
export async function notifyBatchSaved(payload: PayloadRequest['payload'], collection: string): Promise<void> {
  const db = (payload.db as unknown as PostgresAdapter).drizzle;
  await db.execute(sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, ${JSON.stringify({ collection, operation: 'update', id: 0 })})`);
}

/**
 * A save of a draft (an editor's "Save draft", autosave every few seconds) changes nothing the
 * site shows, so it signals nothing; the save that moves a document off the site (unpublishing
 * it, or the first draft over a published version) and every published save do.
 */
export const notifyContentChanged: CollectionAfterChangeHook = async ({ collection, doc, previousDoc, operation, req }) => {
  const draftOnly = doc?._status === 'draft' && previousDoc?._status !== 'published';
  if (!draftOnly) await notify(req, { collection: collection.slug, operation, id: doc.id });
  return doc;
};

export const notifyContentDeleted: CollectionAfterDeleteHook = async ({ collection, id, req }) => {
  await notify(req, { collection: collection.slug, operation: 'delete', id });
};

/** A global (the site settings) is content too: its save rebuilds the site like any other. */
export const notifyGlobalChanged: GlobalAfterChangeHook = async ({ global, doc, req }) => {
  await notify(req, { collection: global.slug, operation: 'update', id: null });
  return doc;
};
