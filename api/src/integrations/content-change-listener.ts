import type { Logger } from 'pino';
import { listenOn } from './pg-listener.ts';

/** The channel the CMS notifies on, inside the transaction that changed content (DESIGN §3). */
export const CONTENT_CHANGED_CHANNEL = 'content_changed';

/**
 * Listens for the CMS's change signal. PostgreSQL delivers a NOTIFY only when the CMS's
 * transaction commits, so what the API reads next is what was saved. A signal sent while this
 * connection was down is lost, so every (re)connection starts with a change of its own: the
 * read model reloads and catches up.
 */
export function listenForContentChanges(deps: { databaseUrl: string; logger: Logger; onChange: (reason: string) => void }) {
  return listenOn({ databaseUrl: deps.databaseUrl, channel: CONTENT_CHANGED_CHANNEL, logger: deps.logger, onNotify: (payload) => deps.onChange(payload || 'cms'), onConnect: () => deps.onChange('listener connected') });
}
