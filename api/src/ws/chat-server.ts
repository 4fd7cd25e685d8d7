import { ChatClientMessageSchema, type ChatClientMessage } from '@app/shared/schemas';
import { parse as parseCookies } from 'cookie';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { Db } from '../db/client.ts';
import { resolveSession } from '../domain/accounts/sessions.ts';
import { toUserDto, type UserRow } from '../domain/accounts/user-dto.ts';
import { CHAT_CHANNEL, type ChatEvent } from '../domain/chat/chat-events.ts';
import { toChatMessage } from '../domain/chat/chat-dto.ts';
import { loadMessage, messageVisibleTo, toViewerMessage } from '../domain/chat/chat-history.ts';
import { joinRoom } from '../domain/chat/join-room.ts';
import { listRooms } from '../domain/chat/list-rooms.ts';
import { roomState } from '../domain/chat/room-access.ts';
import { sendMessage } from '../domain/chat/send-message.ts';
import { listenOn } from '../integrations/pg-listener.ts';
import { AppError } from '../lib/app-error.ts';
import { cookieName, type CookieSettings } from '../routes/session-cookie.ts';

/** Close codes: the session is missing or ended (the client signs in again), the account may no longer chat. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

type Client = { ws: WebSocket; token: string; user: UserRow; rooms: Set<number>; alive: boolean };

export type ChatServerDeps = {
  db: Db;
  databaseUrl: string;
  logger: Logger;
  cookies: CookieSettings;
  /** Origins a browser may open the socket from (the public origin and any extra ones). */
  origins: string[];
  heartbeatMs?: number;
};

/**
 * The chat socket at /ws (DESIGN §3, §7.3). The session cookie authenticates the upgrade; every
 * message re-reads the session, so signing out or a suspension takes effect at once. Messages are
 * written by the domain and announced through PostgreSQL NOTIFY; each instance delivers them to
 * its own sockets in that room, so any number of API instances share one conversation.
 */
export function attachChatServer(server: Server, deps: ChatServerDeps) {
  const { db, logger } = deps;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const clients = new Set<Client>();
  const sendFrame = (ws: WebSocket, frame: string) => {
    if (ws.readyState === WebSocket.OPEN) ws.send(frame);
  };
  const send = (ws: WebSocket, data: unknown) => sendFrame(ws, JSON.stringify(data));
  const refuse = (ws: WebSocket, message: string, code: number) => {
    send(ws, { type: 'error', message });
    ws.close(code, message.slice(0, 120));
  };

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws') return;
    // Browsers always send Origin on a WebSocket handshake: another site may not open one with our cookie.
    const origin = req.headers.origin;
    if (origin && !deps.origins.includes(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => void onConnection(ws, req));
  }

  async function onConnection(ws: WebSocket, req: IncomingMessage) {
    // Messages may arrive while the session is still being read: they wait for it, in order.
    const early: string[] = [];
    let handleRaw = (raw: string) => void early.push(raw);
    ws.on('message', (raw) => handleRaw(String(raw)));
    const token = req.headers.cookie ? parseCookies(req.headers.cookie)[cookieName(deps.cookies)] : undefined;
    const session = token ? await resolveSession(db, token).catch(() => null) : null;
    if (!session) return refuse(ws, 'Please sign in to use chat.', CLOSE_UNAUTHORIZED);
    if (session.user.accountStatus !== 'active' && session.user.accountStatus !== 'under_review') return refuse(ws, 'Your account cannot use chat.', CLOSE_FORBIDDEN);
    const client: Client = { ws, token: token!, user: session.user, rooms: new Set(), alive: true };
    clients.add(client);
    ws.on('pong', () => (client.alive = true));
    ws.on('close', () => clients.delete(client));
    ws.on('error', () => clients.delete(client));
    // One message at a time per socket, in the order sent.
    let queue = Promise.resolve();
    handleRaw = (raw) => {
      queue = queue.then(() => handle(client, raw)).catch((err) => logger.error({ err }, 'chat message failed'));
    };
    send(ws, { type: 'welcome', user: toUserDto(session.user) });
    send(ws, { type: 'rooms', rooms: await listRooms(db, session.user) });
    early.splice(0).forEach(handleRaw);
  }

  async function handle(client: Client, raw: string) {
    let parsed: ChatClientMessage;
    try {
      const result = ChatClientMessageSchema.safeParse(JSON.parse(raw));
      if (!result.success) {
        const issue = result.error.issues[0];
        // A field's own message ("Message cannot be empty"); anything without a known type is refused as such.
        return send(client.ws, { type: 'error', message: issue && issue.path.length > 0 && issue.path[0] !== 'type' ? issue.message : 'Unknown message type.' });
      }
      parsed = result.data;
    } catch {
      return send(client.ws, { type: 'error', message: 'Messages must be JSON.' });
    }
    if (parsed.type === 'ping') return send(client.ws, { type: 'pong' });
    const session = await resolveSession(db, client.token);
    if (!session) return refuse(client.ws, 'Your session has ended. Please sign in again.', CLOSE_UNAUTHORIZED);
    client.user = session.user;
    try {
      switch (parsed.type) {
        case 'auth':
          if (parsed.userId !== undefined && String(parsed.userId) !== String(client.user.id)) throw new AppError('forbidden', 'You are signed in as someone else.');
          return send(client.ws, { type: 'welcome', user: toUserDto(client.user) });
        case 'join':
        case 'join_room': {
          const { roomId, history } = await joinRoom(db, client.user, parsed.roomId);
          client.rooms.add(roomId);
          send(client.ws, { type: 'joined', roomId });
          return send(client.ws, { type: 'history', roomId, messages: history });
        }
        case 'leave_room':
          client.rooms.delete(parsed.roomId);
          return send(client.ws, { type: 'left', roomId: parsed.roomId });
        case 'message':
        case 'chat_message':
          if (!client.rooms.has(parsed.roomId)) throw new AppError('bad_request', 'Join the room before sending messages.');
          await sendMessage(db, client.user, parsed.roomId, parsed.content);
          return;
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      send(client.ws, { type: 'error', message: err.message, ...('roomId' in parsed && { roomId: parsed.roomId }), ...(typeof retryAfter === 'number' && { retryAfter }) });
    }
  }

  async function deliver(event: ChatEvent) {
    if (event.kind === 'user-blocked') {
      for (const c of clients) if (c.user.id === event.userId) refuse(c.ws, 'Your account can no longer use chat.', CLOSE_FORBIDDEN);
      return;
    }
    const inRoom = [...clients].filter((c) => c.rooms.has(event.roomId));
    if (inRoom.length === 0) return;
    if (event.kind === 'message-removed') {
      for (const c of inRoom) send(c.ws, { type: 'message_removed', roomId: event.roomId, messageId: event.messageId });
      return;
    }
    if (event.kind === 'room') {
      const state = await roomState(db, event.roomId);
      if (state) for (const c of inRoom) send(c.ws, { type: 'room_updated', ...state });
      return;
    }
    const found = await loadMessage(db, event.messageId);
    if (!found) return;
    // A message everyone may see reads the same for everyone: serialize it once for the whole room.
    if (!found.message.isHidden && !found.message.pendingReview) {
      const frame = JSON.stringify({ type: 'message', roomId: event.roomId, message: toChatMessage(found.message, found.sender) });
      for (const c of inRoom) sendFrame(c.ws, frame);
      return;
    }
    for (const c of inRoom) {
      if (messageVisibleTo(found.message, c.user)) send(c.ws, { type: 'message', roomId: event.roomId, message: toViewerMessage(found.message, found.sender, c.user) });
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

  // Heartbeats: a socket that missed a whole interval's pong is dropped.
  const heartbeat = setInterval(() => {
    for (const c of clients) {
      if (!c.alive) {
        c.ws.terminate();
        clients.delete(c);
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
    ready: listener.start(),
    clients: () => clients.size,
    async close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const c of clients) c.ws.close(1001, 'Server shutting down');
      wss.close();
      await listener.stop();
    },
  };
}
