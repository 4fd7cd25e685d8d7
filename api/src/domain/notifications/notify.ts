import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { can, MAX_MENTIONS, mentionedUsernames, viewerOf, type NotificationKind, type Resource } from '@app/shared/browser';
import { inTransaction, type Db, type Tx } from '../../db/client.ts';
import { notifications, notificationSettings, users } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { FOLD_WINDOW_MS, placeNotification, type RecentNotification } from './flood-limits.ts';

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
  /**
   * Where a member's action happened (`article:{id}`, `room:{id}`, `bulletin`): their next ones
   * there within ten minutes fold into this one (flood-limits.ts). Unset for the site's own news.
   */
  place?: string;
  /** What it is about, when a tier can keep it from someone: those who may not read it are not told. */
  about?: Resource;
  /** The member gets a mail about it anyway (a membership receipt): the notification is not mailed again. */
  alreadyMailed?: boolean;
};

type Writer = Pick<Db, 'transaction'>;

/**
 * Tells members about something (issue 37 #1): for those whose setting for the kind is not `off`
 * (shown in the app unless it is `email`; mailed when `email` or `both`), never the actor, never
 * an account deleted or suspended, never someone whose tier does not reach what it is about. Each
 * member's last hour decides, under their lock, whether it is a row of its own or folds into an
 * earlier one, and whether its mail goes now or waits for the catch-up (issue 47 #1,
 * flood-limits.ts). Then every instance is told, to push it to the member's open pages. Runs
 * inside the caller's transaction when given one: a rolled-back action tells no one. Returns the
 * rows written or folded into.
 */
export async function notify(db: Writer, input: NotifyInput): Promise<{ id: number; userId: number }[]> {
  return notifyAll(db, [input]);
}

/**
 * Several `notify`s in one go, in their order, as if one after another (a later one folds into an
 * earlier one of the same sender and place): the recipients, their settings, their locks and their
 * last hour read once for all, and the rows announced by the statements that write them (issue 53
 * #3: the comment-notices drain).
 */
export async function notifyAll(db: Writer, inputs: NotifyInput[]): Promise<{ id: number; userId: number }[]> {
  const batch = inputs.map((input) => ({ input, ids: [...new Set(input.recipients)].filter((id) => id !== input.actorId) })).filter((b) => b.ids.length > 0);
  if (batch.length === 0) return [];
  // Inside the caller's transaction no savepoint of its own (two round trips, issue 53 #3).
  return inTransaction(db, (tx) => tell(tx, batch));
}

async function tell(tx: Tx, batch: { input: NotifyInput; ids: number[] }[]): Promise<{ id: number; userId: number }[]> {
  const everyone = [...new Set(batch.flatMap((b) => b.ids))];
  const people = new Map(
    (
      await tx
        .select({ user: users, settings: notificationSettings })
        .from(users)
        .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
        .where(and(inArray(users.id, everyone), isNull(users.deletedAt)))
    ).map((p) => [p.user.id, p]),
  );
  const told = batch.map(({ input, ids }) => ({
    input,
    people: ids.flatMap((id) => {
      const p = people.get(id);
      const channel = p?.settings?.[input.kind] ?? 'app';
      return p && p.user.accountStatus !== 'suspended' && p.user.accountStatus !== 'banned' && channel !== 'off' && mayRead(p.user, input.about) ? [{ user: p.user, channel, digest: p.settings?.digest ?? 'off' }] : [];
    }),
  }));
  // One member's notifications are decided one at a time, whichever instance and sender: every
  // recipient's lock in one statement, taken in id order (no deadlock).
  const recipients = [...new Set(told.flatMap((t) => t.people.map((p) => p.user.id)))].sort((a, b) => a - b);
  if (recipients.length === 0) return [];
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('notify:' || id, 0)) from (select unnest(${`{${recipients.join(',')}}`}::int[]) as id order by id) as r`);
  const recent = await lastHour(tx, recipients);
  // Placed in memory, one after another as they come: a new row of this batch is in its member's
  // hour (a negative id until written) for the next to fold into. Then one insert of every new row
  // and one update of the earlier rows folded into, however many there are.
  const fresh: (typeof notifications.$inferInsert & { more: number })[] = [];
  const folds = new Map<number, number>();
  for (const { input, people: them } of told) {
    for (const { user, channel, digest } of them) {
      // Mailed by the notification mail job (notification-mails.ts), never in the action's request;
      // a member on a digest gets it in the next digest instead (digest-mails.ts).
      const wantsMail = !input.alreadyMailed && (channel === 'email' || channel === 'both') && digest === 'off';
      const theirs = recent.get(user.id) ?? [];
      const placed = placeNotification(theirs, { actorId: input.actorId, place: input.place ?? null, wantsMail });
      if ('fold' in placed) {
        if (placed.fold < 0) fresh[-placed.fold - 1]!.more += 1;
        else folds.set(placed.fold, (folds.get(placed.fold) ?? 0) + 1);
        continue;
      }
      fresh.push({ userId: user.id, kind: input.kind, text: input.text.slice(0, 500), url: input.url, actorId: input.actorId, place: input.place ?? null, inApp: channel !== 'email', emailState: placed.mail, more: 0 });
      recent.set(user.id, [{ id: -fresh.length, actorId: input.actorId, place: input.place ?? null, fresh: true, emailState: placed.mail }, ...theirs]);
    }
  }
  const returning = { id: notifications.id, userId: notifications.userId, inApp: notifications.inApp };
  const foldedIds = sql.param([...folds.keys()]);
  return [
    // Unread again: there is more to see in it.
    ...(folds.size > 0
      ? await announced(
          tx,
          // By the ids themselves (the primary key's index, whatever the table's statistics say), each
          // taking its own count: joined to a list instead, a table whose statistics were minutes old
          // was scanned whole for every drain (bench/notifications.mjs, session 36).
          tx
            .update(notifications)
            .set({ more: sql`${notifications.more} + (${sql.param([...folds.values()])}::int[])[array_position(${foldedIds}::int[], ${notifications.id})]`, readAt: null, foldedAt: sql`now()` })
            .where(sql`${notifications.id} = any(${foldedIds}::int[])`)
            .returning(returning),
        )
      : []),
    ...(fresh.length > 0 ? await announced(tx, tx.insert(notifications).values(fresh.map((row) => ({ ...row, foldedAt: row.more > 0 ? sql`now()` : null }))).returning(returning)) : []),
  ];
}

/**
 * The rows a write returns (`id`, `user_id`, `in_app`), each shown in the app announced to every
 * instance (a NotificationEvent) by the same statement: one round trip (issue 53 #3).
 */
async function announced(tx: Tx, write: { getSQL(): SQL }): Promise<{ id: number; userId: number }[]> {
  const { rows } = await tx.execute<{ id: number; user_id: number }>(
    sql`with w as (${write.getSQL()}) select w.id, w.user_id, case when w.in_app then pg_notify(${NOTIFICATION_CHANNEL}, json_build_object('userId', w.user_id, 'notificationId', w.id)::text) end from w`,
  );
  return rows.map((r) => ({ id: r.id, userId: r.user_id }));
}

/** Each member's notifications of the last hour, newest first, as the flood rules read them (times by the database's clock). */
async function lastHour(db: Pick<Db, 'select'>, userIds: number[]): Promise<Map<number, RecentNotification[]>> {
  const rows = await db
    .select({ id: notifications.id, userId: notifications.userId, actorId: notifications.actorId, place: notifications.place, emailState: notifications.emailState, fresh: sql<boolean>`${notifications.createdAt} > now() - make_interval(secs => ${FOLD_WINDOW_MS / 1000})` })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), sql`${notifications.createdAt} > now() - interval '1 hour'`))
    .orderBy(desc(notifications.id));
  const byMember = new Map<number, RecentNotification[]>();
  for (const { userId, ...r } of rows) byMember.set(userId, [...(byMember.get(userId) ?? []), r]);
  return byMember;
}

const mayRead = (user: UserRow, about: Resource | undefined) => !about || can(viewerOf(user), 'read', about);

/**
 * The members a text mentions (`@username`), the first MAX_MENTIONS named, as accounts that exist
 * (names are matched whatever their case).
 */
export async function mentionedMembers(db: Pick<Db, 'select'>, text: string): Promise<number[]> {
  return (await mentionedMembersOf(db, [text]))[0]!;
}

/** `mentionedMembers` for several texts, in one query: each text's members, in the texts' order. */
export async function mentionedMembersOf(db: Pick<Db, 'select'>, texts: string[]): Promise<number[][]> {
  const names = texts.map((text) => mentionedUsernames(text).slice(0, MAX_MENTIONS));
  const wanted = [...new Set(names.flat())];
  if (wanted.length === 0) return names.map(() => []);
  const found = await db
    .select({ id: users.id, name: sql<string>`lower(${users.username})` })
    .from(users)
    .where(and(inArray(sql`lower(${users.username})`, wanted), isNull(users.deletedAt)));
  const byName = new Map(found.map((f) => [f.name, f.id]));
  return names.map((list) => list.map((n) => byName.get(n)).filter((id): id is number => id !== undefined));
}

/** How a member is named in a notification's text. */
export const nameOf = (user: Pick<UserRow, 'username' | 'displayName'>) => user.displayName?.trim() || user.username;
