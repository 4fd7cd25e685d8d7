import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Signals } from '../domain/ports/signals.ts';

/** The channel the CMS notifies on, inside the transaction that changed content (DESIGN §3). */
export const CONTENT_CHANGED_CHANNEL = 'content_changed';

/**
 * Listens for the CMS's change signal. PostgreSQL delivers a NOTIFY only when the CMS's
 * transaction commits, so what the API reads next is what was saved. A signal sent while this
 * connection was down is lost, so every (re)connection starts with a change of its own: the
 * read model reloads and catches up. The signal arrives on the instance's one LISTEN connection.
 */
export function listenForContentChanges(deps: { signals: Signals; onChange: (reason: string) => void }): void {
  deps.signals.subscribe(CONTENT_CHANGED_CHANNEL, { onNotify: (payload) => deps.onChange(payload || 'cms'), onConnect: () => deps.onChange('listener connected') });
}

/**
 * The same signal sent by the API itself, for a change the CMS was asked not to announce write by
 * write (an import's articles) or one no write makes (a scheduled time passing): every instance,
 * this one included, reloads its content.
 */
export async function signalContentChanged(db: Db, collection: string): Promise<void> {
  await db.execute(sql`select pg_notify(${CONTENT_CHANGED_CHANNEL}, ${JSON.stringify({ collection, operation: 'update', id: null })})`);
}
