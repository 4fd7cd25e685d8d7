import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { can, MAX_MENTIONS, mentionedUsernames, viewerOf, type NotificationKind, type Resource } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/** The channel every API instance listens on for notifications (as chat's: PostgreSQL LISTEN/NOTIFY). */
export const NOTIFICATION_CHANNEL = 'notification_events';
/** What instances tell each other: the notification's id and its recipient (NOTIFY carries ids only). */
export type NotificationEvent = { userId: number; notificationId: number };

export type NotifyInput = {
  kind: NotificationKind;
  /** Who is told. The actor, deleted and suspended accounts are left out here. */
  recipients: number[];
  /** Who did it (null: the site). Never told of their own action. */
  actorId: number | null;
  text: string;
  url: string;
  /** What it is about, when a tier can keep it from someone: those who may not read it are not told. */
  about?: Resource;
  /** The member gets a mail about it anyway (a membership receipt): the notification is not mailed again. */
  alreadyMailed?: boolean;
};

/**
 * Tells members about something (issue 37 #1): one row each, for those whose setting for the kind
 * is not `off` (shown in the app unless it is `email`; mailed when `email` or `both`), never the actor, never an account deleted or suspended, never
 * someone whose tier does not reach what it is about; then every instance is told, to push it to
 * the member's open pages. Runs inside the caller's transaction when given one: a rolled-back
 * action tells no one. Returns the rows written.
 */
export async function notify(db: Pick<Db, 'select' | 'insert' | 'execute'>, input: NotifyInput): Promise<{ id: number; userId: number }[]> {
  const ids = [...new Set(input.recipients)].filter((id) => id !== input.actorId);
  if (ids.length === 0) return [];
  const people = await db
    .select({ user: users, channel: sql<string | null>`${notificationSettings[input.kind]}`, digest: notificationSettings.digest })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(inArray(users.id, ids), isNull(users.deletedAt)));
  const told = people.filter(({ user, channel }) => user.accountStatus !== 'suspended' && user.accountStatus !== 'banned' && (channel ?? 'app') !== 'off' && mayRead(user, input.about));
  if (told.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      told.map(({ user, channel, digest }) => ({
        userId: user.id,
        kind: input.kind,
        text: input.text.slice(0, 500),
        url: input.url,
        actorId: input.actorId,
        inApp: channel !== 'email',
        // Mailed by the notification mail job (notification-mails.ts), never in the action's request;
        // a member on a digest gets it in the next digest instead (digest-mails.ts).
        emailState: !input.alreadyMailed && (channel === 'email' || channel === 'both') && (digest ?? 'off') === 'off' ? ('pending' as const) : null,
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId, inApp: notifications.inApp });
  for (const row of rows) if (row.inApp) await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify({ userId: row.userId, notificationId: row.id } satisfies NotificationEvent)})`);
  return rows;
}

const mayRead = (user: UserRow, about: Resource | undefined) => !about || can(viewerOf(user), 'read', about);

/**
 * The members a text mentions (`@username`), the first MAX_MENTIONS named, as accounts that exist
 * (names are matched whatever their case).
 */
export async function mentionedMembers(db: Pick<Db, 'select'>, text: string): Promise<number[]> {
  const names = mentionedUsernames(text).slice(0, MAX_MENTIONS);
  if (names.length === 0) return [];
  const found = await db
    .select({ id: users.id, name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, names), isNull(users.deletedAt)));
  const byName = new Map(found.map((f) => [f.name, f.id]));
  return names.map((n) => byName.get(n)).filter((id): id is number => id !== undefined);
}

/** How a member is named in a notification's text. */
export const nameOf = (user: Pick<UserRow, 'username' | 'displayName'>) => user.displayName?.trim() || user.username;
