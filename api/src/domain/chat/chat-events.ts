import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The channel every API instance listens on for chat fan-out (DESIGN §3: PostgreSQL LISTEN/NOTIFY, nothing else). */
export const CHAT_CHANNEL = 'chat_events';

/**
 * What instances tell each other. Payloads carry ids only (NOTIFY is limited to 8000 bytes); each
 * instance reads the message itself and delivers it to its own sockets.
 */
export type ChatEvent =
  | { kind: 'message'; roomId: number; messageId: number }
  | { kind: 'message-removed'; roomId: number; messageId: number }
  /** An admin changed the room's state (moderated, muted, archived). */
  | { kind: 'room'; roomId: number }
  | { kind: 'user-blocked'; userId: number }
  /** The member's tier, role or status changed: their sockets re-read them and leave rooms they may no longer read. */
  | { kind: 'user-changed'; userId: number };

/**
 * The NOTIFY of a new message whose id the same statement makes (`messageId`: its insert's id
 * column), as `publishChatEvent` would send it: to put in that statement.
 */
export function newMessageNotify(roomId: number, messageId: SQL): SQL {
  return sql`pg_notify(${CHAT_CHANNEL}, json_build_object('kind', 'message', 'roomId', ${roomId}::integer, 'messageId', ${messageId})::text)`;
}

/** Sends the event to every instance (this one too) once the surrounding transaction, if any, commits. */
export async function publishChatEvent(db: Pick<Db, 'execute'>, event: ChatEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(event)})`);
}
