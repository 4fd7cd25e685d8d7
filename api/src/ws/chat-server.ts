import { ChatClientMessageSchema, type ChatClientMessage } from '@app/shared/schemas';
import { parse as parseCookies } from 'cookie';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { Db } from '../db/client.ts';
import { cookieName, type CookieSettings } from '../domain/accounts/session-cookie-settings.ts';
import { resolveSession } from '../domain/accounts/sessions.ts';
import { toUserDto } from '../domain/accounts/user-dto.ts';
import { CHAT_CHANNEL, type ChatEvent } from '../domain/chat/chat-events.ts';
import { joinRoom } from '../domain/chat/join-room.ts';
import { markRoomsRead } from '../domain/chat/mark-room-read.ts';
import { listRooms } from '../domain/chat/list-rooms.ts';
import { sendMessage } from '../domain/chat/send-message.ts';
import { listenOn } from '../integrations/pg-listener.ts';
import type { NotificationFrame } from '@app/shared/browser';
import { loadNotification, unreadCount } from '../domain/notifications/member-notifications.ts';
import { NOTIFICATION_CHANNEL, type NotificationEvent } from '../domain/notifications/notify.ts';
import { AppError } from '../lib/app-error.ts';
import { hasNul, NUL_MESSAGE } from '../lib/nul.ts';
import { CLOSE_FORBIDDEN, CLOSE_POLICY, CLOSE_UNAUTHORIZED, frameSender, mayChat, type ChatConnection } from './chat-connection.ts';
import { createChatDelivery } from './chat-delivery.ts';
import { createInboundQueue, createSocketCounter, SOCKET_LIMITS, type SocketLimits } from './socket-limits.ts';

export type ChatServerDeps = {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  cookies: CookieSettings;
  /** Origins a browser may open the socket from (the public origin and any extra ones). */
  origins: string[];
  /** The client's address as the app sees it (TRUST_PROXY); by default the socket's peer. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
  heartbeatMs?: number;
  limits?: Partial<SocketLimits>;
};

/**
 * The chat socket at /ws (DESIGN §3, §7.3). The session cookie authenticates the upgrade; every
 * message re-reads the session, so signing out or a suspension takes effect at once. Messages are
 * written by the domain and announced through PostgreSQL NOTIFY; each instance delivers them to
 * its own sockets in that room, so any number of API instances share one conversation. What a
 * socket, a member or an address may hold is bounded (socket-limits.ts).
 */
export function attachChatServer(server: Server, deps: ChatServerDeps) {
  const { db, logger } = deps;
  const limits = { ...SOCKET_LIMITS, ...deps.limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const connections = new Set<ChatConnection>();
  const perMember = createSocketCounter<number>(limits.perMember);
  const perAddress = createSocketCounter<string>(limits.perAddress);
  const sender = frameSender(limits.bufferedBytes);
  const { send, refuse } = sender;
  const deliver = createChatDelivery({ db, connections, sender, userRefreshMs: limits.userRefreshMs });

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws') return;
    // Browsers always send Origin on a WebSocket handshake: another site may not open one with our cookie.
    const origin = req.headers.origin;
    if (origin && !deps.origins.includes(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req));
  }

  function onConnection(ws: WebSocket, req: IncomingMessage) {
    // Counted before the session is read, so a flood of sockets costs no database work.
    const address = deps.clientAddress?.(req) ?? req.socket.remoteAddress ?? 'unknown';
    if (!perAddress.take(address)) return refuse(ws, 'Too many chat connections from your network. Please close some chat tabs and try again.', CLOSE_POLICY);
    ws.on('close', () => perAddress.release(address));
    // A broken frame or an oversized message ends the socket; its close does the cleaning up.
    ws.on('error', (err) => logger.debug({ err }, 'chat socket error'));
    // Messages are handled one at a time, in order; those arriving while the session is read wait for it.
    let conn: ChatConnection | null = null;
    const queue = createInboundQueue(limits.queue, (err) => logger.error({ err }, 'chat message failed'));
    ws.on('message', (raw) => {
      const queued = queue.push(() => (conn && ws.readyState === WebSocket.OPEN ? handle(conn, String(raw)) : undefined));
      if (!queued) refuse(ws, 'Too many messages at once. Please wait for the answers before sending more.', CLOSE_POLICY);
    });
    queue.push(async () => {
      conn = await open(ws, req);
    });
  }

  async function open(ws: WebSocket, req: IncomingMessage): Promise<ChatConnection | null> {
    const token = req.headers.cookie ? parseCookies(req.headers.cookie)[cookieName(deps.cookies)] : undefined;
    const session = token ? await resolveSession(db, token).catch(() => null) : null;
    // Gone while the session was read: nothing to count.
    if (ws.readyState !== WebSocket.OPEN) return null;
    if (!token || !session) {
      refuse(ws, 'Please sign in to use chat.', CLOSE_UNAUTHORIZED);
      return null;
    }
    const { user } = session;
    if (!mayChat(user)) {
      refuse(ws, 'Your account cannot use chat.', CLOSE_FORBIDDEN);
      return null;
    }
    if (!perMember.take(user.id)) {
      refuse(ws, `You already have ${limits.perMember} chat connections open. Please close a chat tab and try again.`, CLOSE_POLICY);
      return null;
    }
    const conn: ChatConnection = { ws, token, user, userReadAt: Date.now(), rooms: new Map(), alive: true };
    connections.add(conn);
    ws.on('pong', () => (conn.alive = true));
    ws.on('close', () => {
      connections.delete(conn);
      perMember.release(user.id);
      // What reached this page in its open rooms was read there.
      void markRoomsRead(db, user.id, [...conn.rooms.keys()]).catch((err) => logger.warn({ err }, 'could not mark chat rooms read'));
    });
    send(ws, { type: 'welcome', user: toUserDto(user) });
    send(ws, { type: 'rooms', rooms: await listRooms(db, user) });
    return conn;
  }

  async function handle(conn: ChatConnection, raw: string) {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return send(conn.ws, { type: 'error', message: 'Messages must be JSON.' });
    }
    // PostgreSQL refuses NUL: refused here as over HTTP, before any limit counts the message.
    if (hasNul(data)) return send(conn.ws, { type: 'error', message: NUL_MESSAGE });
    const result = ChatClientMessageSchema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      // A field's own message ("Message cannot be empty"); anything without a known type is refused as such.
      return send(conn.ws, { type: 'error', message: issue && issue.path.length > 0 && issue.path[0] !== 'type' ? issue.message : 'Unknown message type.' });
    }
    const parsed = result.data;
    if (parsed.type === 'ping') return send(conn.ws, { type: 'pong' });
    const session = await resolveSession(db, conn.token);
    if (!session) return refuse(conn.ws, 'Your session has ended. Please sign in again.', CLOSE_UNAUTHORIZED);
    conn.user = session.user;
    conn.userReadAt = Date.now();
    try {
      await act(conn, parsed);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      send(conn.ws, { type: 'error', message: err.message, ...('roomId' in parsed && { roomId: parsed.roomId }), ...(typeof retryAfter === 'number' && { retryAfter }) });
    }
  }

  async function act(conn: ChatConnection, parsed: Exclude<ChatClientMessage, { type: 'ping' }>) {
    switch (parsed.type) {
      case 'auth':
        if (parsed.userId !== undefined && String(parsed.userId) !== String(conn.user.id)) throw new AppError('forbidden', 'You are signed in as someone else.');
        return send(conn.ws, { type: 'welcome', user: toUserDto(conn.user) });
      case 'join':
      case 'join_room': {
        // Already in the room on this socket: it hears every new message, so its history is not sent again.
        if (conn.rooms.has(parsed.roomId)) return send(conn.ws, { type: 'joined', roomId: parsed.roomId });
        const { roomId, access, history } = await joinRoom(db, conn.user, parsed.roomId);
        conn.rooms.set(roomId, access);
        send(conn.ws, { type: 'joined', roomId });
        return send(conn.ws, { type: 'history', roomId, messages: history });
      }
      case 'leave_room':
        conn.rooms.delete(parsed.roomId);
        return send(conn.ws, { type: 'left', roomId: parsed.roomId });
      case 'message':
      case 'chat_message':
        if (!conn.rooms.has(parsed.roomId)) throw new AppError('bad_request', 'Join the room before sending messages.');
        await sendMessage(db, conn.user, parsed.roomId, parsed.content);
        return;
    }
  }

  const listener = listenOn({
    databaseUrl: deps.databaseUrl,
    channel: CHAT_CHANNEL,
    logger,
    onNotify: (payload) => {
      try {
        void deliver(JSON.parse(payload) as ChatEvent).catch((err) => logger.error({ err }, 'chat delivery failed'));
      } catch {
        logger.warn('ignored a malformed chat event');
      }
    },
  });

  // A member's notifications (issue 37), from whichever instance wrote them, to each of their open pages here.
  const notificationListener = listenOn({
    databaseUrl: deps.databaseUrl,
    channel: NOTIFICATION_CHANNEL,
    logger,
    onNotify: (payload) => {
      try {
        void pushNotification(JSON.parse(payload) as NotificationEvent).catch((err) => logger.error({ err }, 'notification delivery failed'));
      } catch {
        logger.warn('ignored a malformed notification event');
      }
    },
  });
  async function pushNotification(event: NotificationEvent) {
    const theirs = [...connections].filter((c) => c.user.id === event.userId);
    if (theirs.length === 0) return;
    const [notification, unread] = await Promise.all([loadNotification(db, event.userId, event.notificationId), unreadCount(db, event.userId)]);
    if (!notification) return;
    for (const c of theirs) send(c.ws, { type: 'notification', notification, unread } satisfies NotificationFrame);
  }

  // Heartbeats: a socket that missed a whole interval's pong is dropped.
  const heartbeat = setInterval(() => {
    for (const c of connections) {
      if (!c.alive) {
        c.ws.terminate();
        connections.delete(c);
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }, deps.heartbeatMs ?? 30_000);
  heartbeat.unref();

  server.on('upgrade', onUpgrade);
  return {
    /** Resolves once this instance listens for other instances' messages. */
    ready: Promise.all([listener.start(), notificationListener.start()]).then(() => undefined),
    clients: () => connections.size,
    async close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const c of connections) c.ws.close(1001, 'Server shutting down');
      wss.close();
      await Promise.all([listener.stop(), notificationListener.stop()]);
    },
  };
}
