import { DEFAULT_SOCKET_CHANNELS, SOCKET_CHANNELS, type SocketChannelName } from '@app/shared/schemas';
import { parse as parseCookies } from 'cookie';
import type { SocketHandOff } from '@app/shared/server';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { Db } from '../db/client.ts';
import { cookieName, type CookieSettings } from '../domain/accounts/session-cookie-settings.ts';
import type { SessionCache } from '../domain/accounts/session-cache.ts';
import { resolveSession } from '../domain/accounts/sessions.ts';
import { toUserDto } from '../domain/accounts/user-dto.ts';
import { AppError } from '../lib/app-error.ts';
import { BUSY_MESSAGE, isDatabaseUnavailable } from '../lib/database-unavailable.ts';
import { hasNul, NUL_MESSAGE } from '../lib/nul.ts';
import { CLOSE_FORBIDDEN, CLOSE_POLICY, CLOSE_UNAUTHORIZED, frameSender, mayChat } from './chat-connection.ts';
import { UNKNOWN_FRAME, type FrameRead, type FrameRefusal, type HubContext, type HubSocket, type MemberSocket, type SocketChannel, type SocketChannels } from './socket-channel.ts';
import { createInboundQueue, createSocketCounter, SOCKET_LIMITS, type SocketLimits } from './socket-limits.ts';

export type SocketHubDeps = {
  db: Db;
  logger: Logger;
  cookies: CookieSettings;
  /** Origins a browser may open the socket from (the public origin and any extra ones). */
  origins: string[];
  /** The client's address as the app sees it (TRUST_PROXY); by default the socket's peer. */
  clientAddress?: (req: IncomingMessage) => string | undefined;
  heartbeatMs?: number;
  limits?: Partial<SocketLimits>;
  /** The channels (socket-channels.ts), built with the hub's sender and limits. */
  channels: (hub: HubContext) => SocketChannels;
  /** The instance's session cache (HTTP's too): a frame's session read costs no round trip while nothing changed it. */
  sessionCache?: SessionCache | null;
};

/** The channels an address names (`/ws?channels=presence`), the default ones when it names none; null for a name no channel has. */
function requestedChannels(url: URL): SocketChannelName[] | null {
  const named = url.searchParams.get('channels');
  if (named === null) return [...DEFAULT_SOCKET_CHANNELS];
  const names = [...new Set(named.split(','))];
  return names.length > 0 && names.every((n): n is SocketChannelName => (SOCKET_CHANNELS as readonly string[]).includes(n)) ? names : null;
}

/**
 * The one socket at /ws (DESIGN §3, §7.28): the hub owns the upgrade and its Origin check, who the
 * socket is (the session cookie, re-read per frame, so signing out or a suspension takes effect at
 * once: through the session cache, which every such change empties on every instance), what a
 * socket, a member or an address may hold (socket-limits.ts) and heartbeats; the
 * channels (chat, notifications, presence) take the frames and push what their signals announce.
 * A socket opens the channels its address names; one that opens only channels for visitors
 * (presence) is nobody's: its cookie is not read.
 */
export function attachSocketHub(server: Server, deps: SocketHubDeps) {
  const { db, logger } = deps;
  const limits = { ...SOCKET_LIMITS, ...deps.limits };
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const sockets = new Set<HubSocket>();
  const perMember = createSocketCounter<number>(limits.perMember);
  const perAddress = createSocketCounter<string>(limits.perAddress);
  const sender = frameSender(limits.bufferedBytes);
  const { send, refuse } = sender;
  const channels = deps.channels({ sender, limits });
  const byFrame = new Map<string, SocketChannelName>();
  for (const name of SOCKET_CHANNELS) for (const type of channels[name].frameTypes) byFrame.set(type, name);

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/ws') return;
    // Browsers always send Origin on a WebSocket handshake: another site may not open one with our cookie.
    const origin = req.headers.origin;
    if (origin && !deps.origins.includes(origin)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    const opened = requestedChannels(url);
    if (!opened) {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, req, opened));
  }

  function onConnection(ws: WebSocket, req: IncomingMessage, opened: SocketChannelName[]) {
    // Counted before the session is read, so a flood of sockets costs no database work.
    const address = deps.clientAddress?.(req) ?? req.socket.remoteAddress ?? 'unknown';
    if (!perAddress.take(address)) return refuse(ws, 'Too many chat connections from your network. Please close some chat tabs and try again.', CLOSE_POLICY);
    ws.on('close', () => perAddress.release(address));
    // A broken frame or an oversized message ends the socket; its close does the cleaning up.
    ws.on('error', (err) => logger.debug({ err }, 'socket error'));
    // Frames are handled one at a time, in order; those arriving while the session is read wait for it.
    let hubSocket: HubSocket | null = null;
    const queue = createInboundQueue(limits.queue, (err) => logger.error({ err }, 'socket frame failed'));
    ws.on('message', (raw) => {
      const queued = queue.push(() => (hubSocket && ws.readyState === WebSocket.OPEN ? handle(hubSocket, new Set(opened), String(raw)) : undefined));
      if (!queued) refuse(ws, 'Too many messages at once. Please wait for the answers before sending more.', CLOSE_POLICY);
    });
    queue.push(async () => {
      hubSocket = opened.some((name) => !channels[name].forVisitors) ? await openMember(ws, req) : { kind: 'visitor', ws, alive: true };
      // Gone before it was opened: its close has passed, so nothing may be counted for it.
      if (!hubSocket || ws.readyState !== WebSocket.OPEN) return;
      const s = hubSocket;
      sockets.add(s);
      ws.on('pong', () => (s.alive = true));
      ws.on('close', () => {
        sockets.delete(s);
        for (const name of opened) void run(channels[name], s, 'close');
      });
      for (const name of opened) await run(channels[name], s, 'open');
    });
  }

  /** A channel's open or close for a socket: a member-only channel is only ever opened by members. */
  function run(channel: SocketChannel, socket: HubSocket, hook: 'open' | 'close') {
    if (channel.forVisitors) return channel[hook]?.(socket);
    if (socket.kind === 'member') return channel[hook]?.(socket);
  }

  async function openMember(ws: WebSocket, req: IncomingMessage): Promise<MemberSocket | null> {
    const token = req.headers.cookie ? parseCookies(req.headers.cookie)[cookieName(deps.cookies)] : undefined;
    const session = token ? await resolveSession(db, token, deps.sessionCache).catch(() => null) : null;
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
    ws.on('close', () => perMember.release(user.id));
    send(ws, { type: 'welcome', user: toUserDto(user) });
    return { kind: 'member', ws, token, user, userReadAt: Date.now(), alive: true };
  }

  async function handle(socket: HubSocket, opened: Set<SocketChannelName>, raw: string) {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return send(socket.ws, { type: 'error', message: 'Messages must be JSON.' });
    }
    // PostgreSQL refuses NUL: refused here as over HTTP, before any limit counts the message.
    if (hasNul(data)) return send(socket.ws, { type: 'error', message: NUL_MESSAGE });
    const type = typeof data === 'object' && data !== null && 'type' in data && typeof data.type === 'string' ? data.type : '';
    if (type === 'ping') return send(socket.ws, { type: 'pong' });
    const name = byFrame.get(type);
    if (!name) return send(socket.ws, { type: 'error', message: UNKNOWN_FRAME });
    const channel = channels[name];
    // Signed-out sockets reach channels for visitors only (presence), never chat or notifications.
    const frame = channel.forVisitors ? bind(channel.read(data), socket) : socket.kind === 'member' ? bind(channel.read(data), socket) : null;
    if (!frame) return send(socket.ws, { type: 'error', message: 'Please sign in to use chat.' });
    if (!opened.has(name)) return send(socket.ws, { type: 'error', message: `This connection did not open the ${name} channel.` });
    // A frame that does not read is answered before the session is read.
    if ('refused' in frame) return send(socket.ws, { type: 'error', message: frame.refused });
    const roomId = (data as { roomId?: unknown }).roomId;
    try {
      if (socket.kind === 'member') {
        const session = await resolveSession(db, socket.token, deps.sessionCache);
        if (!session) return refuse(socket.ws, 'Your session has ended. Please sign in again.', CLOSE_UNAUTHORIZED);
        socket.user = session.user;
        socket.userReadAt = Date.now();
      }
      await frame.run();
    } catch (err) {
      // The database away (a restart, a failover: issue 51): the page is told to try again, as HTTP's 503 says, not left waiting.
      if (isDatabaseUnavailable(err)) return send(socket.ws, { type: 'error', message: BUSY_MESSAGE, ...(typeof roomId === 'number' && { roomId }) });
      if (!(err instanceof AppError)) throw err;
      const retryAfter = (err.details as { retryAfter?: unknown } | undefined)?.retryAfter;
      send(socket.ws, { type: 'error', message: err.message, ...(typeof roomId === 'number' && { roomId }), ...(typeof retryAfter === 'number' && { retryAfter }) });
    }
  }

  function bind<S extends HubSocket>(read: FrameRead<S>, socket: S): FrameRefusal | { run(): Promise<void> | void } {
    return 'refused' in read ? read : { run: () => read.run(socket) };
  }

  // Heartbeats: a socket that missed a whole interval's pong is dropped.
  const heartbeat = setInterval(() => {
    for (const s of sockets) {
      if (!s.alive) {
        s.ws.terminate();
        sockets.delete(s);
        continue;
      }
      s.alive = false;
      s.ws.ping();
    }
  }, deps.heartbeatMs ?? 30_000);
  heartbeat.unref();

  server.on('upgrade', onUpgrade);
  return {
    clients: () => sockets.size,
    /**
     * A connection the front door handed over whole (npm start, ws/socket-hand-off.ts), with the
     * upgrade request as the door read it and would have passed it on: answered as if it had come here.
     */
    adopt(handOff: SocketHandOff, socket: Duplex): void {
      if (new URL(handOff.url, 'http://x').pathname !== '/ws') return void socket.destroy();
      const req = { method: 'GET', url: handOff.url, headers: handOff.headers, socket } as unknown as IncomingMessage;
      onUpgrade(req, socket, Buffer.from(handOff.head, 'base64'));
    },
    async close() {
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const s of sockets) s.ws.close(1001, 'Server shutting down');
      wss.close();
      await Promise.all(SOCKET_CHANNELS.map((name) => channels[name].stop?.()));
    },
  };
}
export type SocketHub = ReturnType<typeof attachSocketHub>;
