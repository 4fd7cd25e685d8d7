import type { NotificationFrame } from '@app/shared/browser';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { loadNotification, unreadCount } from '../domain/notifications/member-notifications.ts';
import { NOTIFICATION_CHANNEL, type NotificationEvent } from '../domain/notifications/notify.ts';
import type { Signals } from '../domain/ports/signals.ts';
import { NO_FRAMES, type HubContext, type MemberSocket, type SocketChannel } from './socket-channel.ts';

/**
 * The notifications channel (issue 37, DESIGN §7.23): a member's notification, written on whichever
 * instance served the action and announced after its commit, is pushed to each of their open pages
 * here, with their unread count. It takes no frames.
 */
export function notificationsChannel(deps: { db: Db; logger: Logger; signals: Signals }, hub: HubContext): SocketChannel {
  const { db, logger } = deps;
  const open = new Set<MemberSocket>();

  async function push(event: NotificationEvent) {
    const theirs = [...open].filter((m) => m.user.id === event.userId);
    if (theirs.length === 0) return;
    const [notification, unread] = await Promise.all([loadNotification(db, event.userId, event.notificationId), unreadCount(db, event.userId)]);
    if (!notification) return;
    for (const m of theirs) hub.sender.send(m.ws, { type: 'notification', notification, unread } satisfies NotificationFrame);
  }

  deps.signals.subscribe(NOTIFICATION_CHANNEL, {
    onNotify(payload) {
      let event: NotificationEvent;
      try {
        event = JSON.parse(payload) as NotificationEvent;
      } catch {
        return logger.warn('ignored a malformed notification event');
      }
      void push(event).catch((err) => logger.error({ err }, 'notification delivery failed'));
    },
  });

  return {
    forVisitors: false,
    ...NO_FRAMES,
    open: (member) => void open.add(member),
    close: (member) => void open.delete(member),
  };
}
