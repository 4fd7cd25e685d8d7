import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload';

/**
 * Tells the API that content changed, so it refreshes its read model and schedules a static
 * rebuild of the site. Fire-and-forget: an editor's save never waits on or fails because of it.
 * The seed passes `context.skipNotify` (nothing is listening yet).
 */
async function notify(collection: string, operation: 'create' | 'update' | 'delete', id: number | string, log: (msg: string) => void) {
  const apiUrl = process.env.API_URL;
  const secret = process.env.INTERNAL_SECRET;
  if (!apiUrl || !secret) return;
  try {
    const res = await fetch(`${apiUrl}/api/internal/content-changed`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-secret': secret },
      body: JSON.stringify({ collection, operation, id }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) log(`API answered ${res.status} to the content-changed signal`);
  } catch (err) {
    log(`could not signal the API about a content change: ${(err as Error).message}`);
  }
}

export const notifyContentChanged: CollectionAfterChangeHook = ({ collection, doc, operation, req }) => {
  if (!req.context.skipNotify) void notify(collection.slug, operation, doc.id, (m) => req.payload.logger.warn(m));
  return doc;
};

export const notifyContentDeleted: CollectionAfterDeleteHook = ({ collection, id, req }) => {
  if (!req.context.skipNotify) void notify(collection.slug, 'delete', id, (m) => req.payload.logger.warn(m));
};
