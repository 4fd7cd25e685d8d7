import { and, asc, count, desc, eq, gt, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATIONS_PAGE, type Notification, type NotificationPage, type NotificationSettings } from '@app/shared/browser';
import type { NotificationSettingsInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import { foldedText } from './flood-limits.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

type Row = { n: typeof notifications.$inferSelect; actor: { username: string; displayName: string | null; avatarUrl: string | null; avatarThumbUrl: string | null; deletedAt: Date | null } | null };

function toNotification({ n, actor }: Row): Notification {
  return {
    id: n.id,
    kind: n.kind,
    text: foldedText(n),
    url: n.url,
    // A deleted member is nobody to point at.
    actor: actor && !actor.deletedAt ? { username: actor.username, displayName: actor.displayName?.trim() || actor.username, avatarUrl: actor.avatarThumbUrl ?? actor.avatarUrl } : null,
    createdAt: n.createdAt.toISOString(),
    readAt: n.readAt?.toISOString() ?? null,
  };
}

const actorColumns = { username: users.username, displayName: users.displayName, avatarUrl: users.avatarUrl, avatarThumbUrl: users.avatarThumbUrl, deletedAt: users.deletedAt };

/** The member's unread count. */
export async function unreadCount(db: Pick<Db, 'select'>, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.inApp, true), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** GET /api/notifications: the member's own, newest first, a page at a time (`before` an id), with the unread count. */
export async function listNotifications(db: Db, caller: UserRow | null, query: { before?: number }): Promise<NotificationPage> {
  const user = requireUser(caller);
  // The count first: a notification committed between the two reads is then listed, never
  // counted unread yet missing from the page.
  const unread = await unreadCount(db, user.id);
  const rows = await db
    .select({ n: notifications, actor: actorColumns })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(eq(notifications.userId, user.id), eq(notifications.inApp, true), query.before ? lt(notifications.id, query.before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(NOTIFICATIONS_PAGE);
  return { unread, items: rows.map(toNotification) };
}

/**
 * Notifications as their recipients read them (the socket's frames), oldest first, each with its
 * member's unread count as it is now, in one query however many (issue 53 #3: the pushes of a
 * batch of replies); those gone, or no longer their member's, are left out.
 */
export async function loadNotificationsWithUnread(db: Pick<Db, 'select'>, events: { userId: number; notificationId: number }[]): Promise<{ userId: number; notification: Notification; unread: number }[]> {
  if (events.length === 0) return [];
  const unread = sql<number>`(select count(*)::int from ${notifications} u where u.user_id = ${notifications.userId} and u.in_app and u.read_at is null)`;
  const rows = await db
    .select({ n: notifications, actor: actorColumns, unread })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(and(inArray(notifications.id, [...new Set(events.map((e) => e.notificationId))]), eq(notifications.inApp, true)))
    .orderBy(asc(notifications.id));
  const wanted = new Set(events.map((e) => `${e.userId}:${e.notificationId}`));
  return rows.filter((r) => wanted.has(`${r.n.userId}:${r.n.id}`)).map((r) => ({ userId: r.n.userId, notification: toNotification(r), unread: r.unread }));
}

/** The newest notification's id (0 when there is none): where an instance starts counting what it may miss. */
export async function newestNotificationId(db: Pick<Db, 'select'>): Promise<number> {
  const [row] = await db.select({ id: max(notifications.id) }).from(notifications);
  return row?.id ?? 0;
}

/** These members' in-app notifications after `afterId`, oldest first: what an instance missed while its LISTEN connection was away. */
export async function notificationsAfter(db: Pick<Db, 'select'>, userIds: number[], afterId: number): Promise<{ userId: number; notificationId: number }[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: notifications.userId, notificationId: notifications.id })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), eq(notifications.inApp, true), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(NOTIFICATIONS_PAGE * 20);
}

/** POST /api/notifications/read: these of the member's own (others' ids are passed over), or all of them; answers the unread count. */
export async function markRead(db: Db, caller: UserRow | null, input: { ids?: number[] }): Promise<{ unread: number }> {
  const user = requireUser(caller);
  const mine = and(eq(notifications.userId, user.id), eq(notifications.inApp, true), isNull(notifications.readAt));
  if (!input.ids || input.ids.length > 0) await db.update(notifications).set({ readAt: new Date() }).where(input.ids ? and(mine, inArray(notifications.id, input.ids)) : mine);
  return { unread: await unreadCount(db, user.id) };
}

/** GET /api/notifications/settings. */
export async function readNotificationSettings(db: Db, caller: UserRow | null): Promise<NotificationSettings> {
  const user = requireUser(caller);
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id));
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  return { reply: row.reply, mention: row.mention, order: row.order, report: row.report, membership: row.membership, review: row.review, digest: row.digest, newsletter: row.newsletter };
}

/** PUT /api/notifications/settings: the whole set, validated by the route. */
export async function saveNotificationSettings(db: Db, caller: UserRow | null, settings: NotificationSettingsInput): Promise<NotificationSettings> {
  const user = requireUser(caller);
  await db
    .insert(notificationSettings)
    .values({ userId: user.id, ...settings })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...settings, updatedAt: new Date() } });
  return readNotificationSettings(db, user);
}
