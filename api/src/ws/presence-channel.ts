import { PRESENCE_ARTICLES_PER_SOCKET, PresenceClientMessageSchema, type PresenceClientMessage, type PresenceFrame } from '@app/shared/schemas';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Signals } from '../domain/ports/signals.ts';
import { createArticlePresence, PRESENCE_CHANNEL, type PresenceTiming } from '../domain/presence/article-presence.ts';
import { AppError } from '../lib/app-error.ts';
import { frameBytes } from './chat-connection.ts';
import { frameReader, type HubContext, type HubSocket, type SocketChannel } from './socket-channel.ts';

/**
 * The presence channel: "N reading now" on article pages, for signed-out readers too. A socket
 * counts once per article it names (a published one), on at most PRESENCE_ARTICLES_PER_SOCKET
 * articles; it learns the article's reading on joining and whenever it changes, across instances
 * (domain/presence/article-presence.ts). Nobody is identified: the socket is the only key.
 */
export function presenceChannel(deps: { db: Db; logger: Logger; signals: Signals; isArticle: (id: number) => boolean; timing?: Partial<PresenceTiming> }, hub: HubContext): SocketChannel {
  const following = new Map<HubSocket, Set<number>>();
  const presence = createArticlePresence<HubSocket>({
    db: deps.db,
    logger: deps.logger,
    timing: deps.timing,
    onChange(articleId, reading, readersHere) {
      // One frame serialized once for every reader of the article here.
      const frame = frameBytes({ type: 'presence', articleId, reading } satisfies PresenceFrame);
      for (const socket of readersHere) hub.sender.sendFrame(socket.ws, frame);
    },
  });
  deps.signals.subscribe(PRESENCE_CHANNEL, { onNotify: presence.receive, onConnect: presence.connected });

  function receive(socket: HubSocket, frame: PresenceClientMessage) {
    const articles = following.get(socket) ?? new Set<number>();
    following.set(socket, articles);
    if (frame.type === 'presence_leave') {
      articles.delete(frame.articleId);
      return presence.leave(socket, frame.articleId);
    }
    if (!articles.has(frame.articleId)) {
      if (!deps.isArticle(frame.articleId)) throw new AppError('not_found', 'Article not found');
      if (articles.size >= PRESENCE_ARTICLES_PER_SOCKET) throw new AppError('bad_request', `One connection counts on at most ${PRESENCE_ARTICLES_PER_SOCKET} articles at once.`);
      articles.add(frame.articleId);
      presence.enter(socket, frame.articleId);
    }
    hub.sender.send(socket.ws, { type: 'presence', articleId: frame.articleId, reading: presence.reading(frame.articleId) });
  }

  return {
    forVisitors: true,
    ...frameReader(PresenceClientMessageSchema, receive),
    close(socket) {
      for (const articleId of following.get(socket) ?? []) presence.leave(socket, articleId);
      following.delete(socket);
    },
    stop: () => presence.stop(),
  };
}
