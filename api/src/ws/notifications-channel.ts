import type { NotificationFrame } from '@app/shared/browser';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { loadNotificationsWithUnread, newestNotificationId, notificationsAfter } from '../domain/notifications/member-notifications.ts';
import { NOTIFICATION_CHANNEL, type NotificationEvent } from '../domain/notifications/notify.ts';
import type { Signals } from '../domain/ports/signals.ts';
import { perTurn } from '../lib/per-turn.ts';
import { catchUpLedger } from './catch-up-ledger.ts';
import { jsonSignal, NO_FRAMES, type HubContext, type MemberSocket, type SocketChannel } from './socket-channel.ts';

/**
 * The notifications channel (issue 37, DESIGN §7.23): a member's notification, written on whichever
 * instance served the action and announced after its commit, is pushed to each of their open pages
 * here, with their unread count. It takes no frames. One saved while this instance's LISTEN
 * connection was away (a failover) had its NOTIFY lost: on the connection's return, the open
 * members' notifications after the newest one this instance had heard of are pushed then.
 */
export function notificationsChannel(deps: { db: Db; logger: Logger; signals: Signals }, hub: HubContext): SocketChannel {
  const { db, logger } = deps;
  // Open pages by member: a notification reaches its member's pages without a look at anyone else's.
  const open = new Map<number, Set<MemberSocket>>();

  /** The newest notification id this instance has heard of (null until its first connection reads it). */
  let newest: number | null = null;
  const ledger = catchUpLedger();

  // The events heard within one turn of the loop are pushed together: one query reads them all
  // with their members' unread counts (issue 53 #3: a batch of replies told at once).
  const pushSoon = perTurn<NotificationEvent>((events) => push(events), { overlap: true });

  async function announced(event: NotificationEvent) {
    newest = Math.max(newest ?? 0, event.notificationId);
    if (!ledger.announced(event.notificationId) || !open.has(event.userId)) return;
    await pushSoon(event);
  }

  async function push(events: NotificationEvent[]) {
    const theirs = events.filter((e) => open.has(e.userId));
    for (const { userId, notification, unread } of await loadNotificationsWithUnread(db, theirs)) {
      for (const m of open.get(userId) ?? []) hub.sender.send(m.ws, { type: 'notification', notification, unread } satisfies NotificationFrame);
    }
  }

  async function catchUp() {
    const after = newest;
    if (after === null) {
      const known = await newestNotificationId(db);
      newest = Math.max(newest ?? 0, known);
      return;
    }
    const missed = await notificationsAfter(db, [...open.keys()], after);
    for (const event of missed) newest = Math.max(newest ?? 0, event.notificationId);
    await push(missed.filter((event) => ledger.caughtUp(event.notificationId)));
  }

  deps.signals.subscribe(NOTIFICATION_CHANNEL, { ...jsonSignal<NotificationEvent>(logger, 'notification', announced), onConnect: () => void catchUp().catch((err: unknown) => logger.warn({ err }, 'could not catch up on notifications')) });

  return {
    forVisitors: false,
    ...NO_FRAMES,
    open(member) {
      const pages = open.get(member.user.id) ?? new Set<MemberSocket>();
      open.set(member.user.id, pages.add(member));
    },
    close(member) {
      const pages = open.get(member.user.id);
      if (pages?.delete(member) && pages.size === 0) open.delete(member.user.id);
    },
  };
}
