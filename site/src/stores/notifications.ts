import { api, NOTIFICATIONS_PAGE, type Notification, type NotificationPage } from '@app/shared/browser';
import { atom } from 'nanostores';
import { createChatSocket } from '../lib/chat-socket';

/**
 * The signed-in member's notifications (issue 37), shared by the header's bell and
 * /notifications: the newest page and the unread count, kept current by the socket's
 * `notification` frames (no polling).
 */
export const $notifications = atom<{ unread: number; items: Notification[]; more: boolean } | null>(null);

/** Chat messages the member has not read, over every room they may read (issue 37 #5), as the socket's room list said on this page's load. */
export const $chatUnread = atom(0);

let live: ReturnType<typeof createChatSocket> | null = null;

/** Reads the newest page (once per page load unless `again`), then follows the socket. */
export async function loadNotifications(again = false): Promise<void> {
  if ($notifications.get() && !again) return;
  const page = await api.get<NotificationPage>('/api/notifications');
  $notifications.set({ unread: page.unread, items: page.items, more: page.items.length === NOTIFICATIONS_PAGE });
  follow();
}

/** The page after the oldest shown. */
export async function loadOlder(): Promise<void> {
  const current = $notifications.get();
  const oldest = current?.items.at(-1);
  if (!current || !oldest) return;
  const page = await api.get<NotificationPage>(`/api/notifications?before=${oldest.id}`);
  $notifications.set({ unread: page.unread, items: [...current.items, ...page.items], more: page.items.length === NOTIFICATIONS_PAGE });
}

/** Marks these (or all) read. */
export async function markRead(ids?: number[]): Promise<void> {
  const { unread } = await api.post<{ unread: number }>('/api/notifications/read', ids ? { ids } : {});
  const now = new Date().toISOString();
  const current = $notifications.get();
  if (current) $notifications.set({ ...current, unread, items: current.items.map((n) => (!ids || ids.includes(n.id) ? { ...n, readAt: n.readAt ?? now } : n)) });
}

function follow() {
  if (live) return;
  live = createChatSocket();
  live.onMessage((m) => {
    // What was written between the page's read and this socket's start, or while it was down, was
    // never pushed to it: read the newest page again each time the socket (re)opens.
    if (m.type === 'welcome') void loadNotifications(true).catch(() => undefined);
    if (m.type === 'rooms') $chatUnread.set(m.rooms.reduce((n, r) => n + (r.unread ?? 0), 0));
    if (m.type !== 'notification') return;
    const current = $notifications.get();
    const items = current?.items.filter((n) => n.id !== m.notification.id) ?? [];
    $notifications.set({ unread: m.unread, items: [m.notification, ...items], more: current?.more ?? false });
  });
  live.connect();
}
