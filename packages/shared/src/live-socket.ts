// The one socket at /ws and its channels (DESIGN §7.28), zod-free for pages and islands.
import type { ChatServerMessage } from './community.ts';

/** The socket's channels: the hub knows these names, each area registers one. */
export const SOCKET_CHANNELS = ['chat', 'notifications', 'presence'] as const;
export type SocketChannelName = (typeof SOCKET_CHANNELS)[number];
/** What `/ws` opens when the address names no channels (the chat page and the bell, signed in). */
export const DEFAULT_SOCKET_CHANNELS: readonly SocketChannelName[] = ['chat', 'notifications'];

/** The socket's address for these channels: `/ws`, or `/ws?channels=presence` for a signed-out reader's count. */
export function liveSocketPath(channels?: readonly SocketChannelName[]): string {
  return channels ? `/ws?channels=${channels.join(',')}` : '/ws';
}

/** Articles one socket may count itself on at once (a reader reads one page; a few tabs share nothing). */
export const PRESENCE_ARTICLES_PER_SOCKET = 4;

/** How many sockets, on every instance, are on an article now; sent when it changes and on joining. */
export type PresenceFrame = { type: 'presence'; articleId: number; reading: number };

/** Every frame the socket at /ws sends: the chat vocabulary's (with the notifications channel's) and the presence channel's. */
export type SocketServerMessage = ChatServerMessage | PresenceFrame;
