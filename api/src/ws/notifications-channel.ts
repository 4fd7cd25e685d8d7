import type { NotificationFrame } from '@app/shared/browser';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { loadNotification, unreadCount } from '../domain/notifications/member-notifications.ts';
import { NOTIFICATION_CHANNEL, type NotificationEvent } from '../domain/notifications/notify.ts';
import type { Signals } from '../domain/ports/signals.ts';
import { jsonSignal, NO_FRAMES, type HubContext, type MemberSocket, type SocketChannel } from './socket-channel.ts';

/**
 * The notifications channel (issue 37, DESIGN §7.23): a member's notification, written on whichever
 * instance served the action and announced after its commit, is pushed to each of their open pages
 * here, with their unread count. It takes no frames.
 */
export function notificationsChannel(deps: { db: Db; logger: Logger; signals: Signals }, hub: HubContext): SocketChannel {
  const { db, logger } = deps;
  // Open pages by member: a notification reaches its member's pages without a look at anyone else's.
  const open = new Map<number, Set<MemberSocket>>();

  async function push(event: NotificationEvent) {
    const theirs = open.get(event.userId);
    if (!theirs) return;
    const [notification, unread] = await Promise.all([loadNotification(db, event.userId, event.notificationId), unreadCount(db, event.userId)]);
    if (!notification) return;
    for (const m of theirs) hub.sender.send(m.ws, { type: 'notification', notification, unread } satisfies NotificationFrame);
  }

  deps.signals.subscribe(NOTIFICATION_CHANNEL, jsonSignal<NotificationEvent>(logger, 'notification', push));

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
