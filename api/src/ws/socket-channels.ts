import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Signals } from '../domain/ports/signals.ts';
import type { PresenceTiming } from '../domain/presence/article-presence.ts';
import { chatChannel } from './chat-channel.ts';
import { notificationsChannel } from './notifications-channel.ts';
import { presenceChannel } from './presence-channel.ts';
import type { HubContext, SocketChannels } from './socket-channel.ts';

/** What the channels need: the database, the instance's one LISTEN connection, and which articles exist (presence). */
export type SocketChannelDeps = { db: Db; logger: Logger; signals: Signals; isArticle: (id: number) => boolean; presenceTiming?: Partial<PresenceTiming> };

/**
 * Every channel of the socket at /ws, one per name (SOCKET_CHANNELS in @app/shared): a live feature
 * is a channel here and a file beside this one, never a change to the hub or a new connection.
 */
export function socketChannels(deps: SocketChannelDeps): (hub: HubContext) => SocketChannels {
  return (hub) => ({
    chat: chatChannel(deps, hub),
    notifications: notificationsChannel(deps, hub),
    presence: presenceChannel({ ...deps, timing: deps.presenceTiming }, hub),
  });
}
