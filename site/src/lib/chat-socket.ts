import type { ChatServerMessage } from '@app/shared/browser';
import type { ChatClientMessage } from '@app/shared/schemas';
import { atom } from 'nanostores';

/**
 * The browser's chat socket (spec 02 §4): one client for the chat page and anything else that
 * talks to /ws. Statuses connecting → connected → disconnected, or error once retries run out.
 * Reconnects follow both of the spec's rules: the chat page's first waits (3 s after a close, 5 s
 * when the socket cannot be created) as a floor under the shared client's backoff (1 s × 1.5 per
 * attempt, ±10% jitter, at most 30 s, 5 attempts). A clean close (1000), or the server refusing
 * the session (4401), the account (4403) or a socket past its limits (1008: too many tabs, too
 * many messages at once), does not reconnect. After reconnecting it sends `auth` and rejoins its
 * rooms (not those it has lost access to).
 */
/** connecting (first paint too), connected, reconnecting (waiting between attempts), disconnected (closed cleanly), error (attempts spent or refused). */
export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'disconnected' | 'error';

export const RECONNECT = { base: 1000, factor: 1.5, jitter: 0.1, cap: 30_000, attempts: 5, afterClose: 3000, afterCreateFailure: 5000 };
const FINAL_CLOSES = new Set([1000, 1008, 4401, 4403]);

/** The wait before reconnect attempt `attempt` (0-based). */
export function reconnectDelay(attempt: number, cause: 'close' | 'create', random: () => number = Math.random): number {
  const backoff = Math.min(RECONNECT.cap, RECONNECT.base * RECONNECT.factor ** attempt);
  const jittered = backoff * (1 + (random() * 2 - 1) * RECONNECT.jitter);
  return Math.round(Math.min(RECONNECT.cap, Math.max(cause === 'close' ? RECONNECT.afterClose : RECONNECT.afterCreateFailure, jittered)));
}

/**
 * A room's messages with `message` in its place: by id, the order they were saved in, whatever
 * order they arrive in (an instance delivers its own messages straight away and others' once
 * announced); one with an id already there (a held message approved) takes that one's place.
 */
export function placeMessage<M extends { id: number }>(messages: M[], message: M): M[] {
  const others = messages.filter((m) => m.id !== message.id);
  let at = others.length;
  while (at > 0 && others[at - 1]!.id > message.id) at--;
  others.splice(at, 0, message);
  return others;
}

export function chatSocketUrl(loc: Pick<Location, 'protocol' | 'host'> = location): string {
  return `${loc.protocol === 'https:' ? 'wss' : 'ws'}://${loc.host}/ws`;
}

export function createChatSocket(opts: { url?: string; userId?: number; create?: (url: string) => WebSocket; schedule?: (fn: () => void, ms: number) => unknown } = {}) {
  const $status = atom<SocketStatus>('connecting');
  const listeners = new Set<(m: ChatServerMessage) => void>();
  const rooms = new Set<number>();
  const create = opts.create ?? ((url: string) => new WebSocket(url));
  const schedule = opts.schedule ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  let socket: WebSocket | null = null;
  let attempt = 0;
  let wanted = false;
  let timer = false;

  function retry(cause: 'close' | 'create') {
    if (!wanted || timer) return;
    if (attempt >= RECONNECT.attempts) return $status.set('error');
    const wait = reconnectDelay(attempt++, cause);
    timer = true;
    $status.set('reconnecting');
    schedule(() => {
      timer = false;
      open();
    }, wait);
  }

  function open() {
    if (!wanted) return;
    $status.set('connecting');
    let ws: WebSocket;
    try {
      ws = create(opts.url ?? chatSocketUrl());
    } catch {
      return retry('create');
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      $status.set('connected');
      if (opts.userId !== undefined) ws.send(JSON.stringify({ type: 'auth', userId: opts.userId }));
      for (const roomId of rooms) ws.send(JSON.stringify({ type: 'join', roomId }));
    };
    ws.onmessage = (e) => {
      let message: ChatServerMessage;
      try {
        // The server sends only these frames (its `send` takes nothing else).
        message = JSON.parse(String(e.data)) as ChatServerMessage;
      } catch (err) {
        console.warn('chat: could not read a message', err);
        return;
      }
      if (message.type === 'room_access_lost') rooms.delete(message.roomId);
      for (const l of listeners) l(message);
    };
    ws.onclose = (e) => {
      if (socket !== ws) return;
      socket = null;
      if (FINAL_CLOSES.has(e.code)) {
        wanted = false;
        return $status.set(e.code === 1000 ? 'disconnected' : 'error');
      }
      retry('close');
    };
  }

  return {
    $status,
    connect() {
      wanted = true;
      attempt = 0;
      if (!socket && !timer) open();
    },
    disconnect() {
      wanted = false;
      socket?.close(1000);
      socket = null;
      $status.set('disconnected');
    },
    /** Sends when connected; otherwise warns, starts reconnecting and returns false. */
    send(data: ChatClientMessage): boolean {
      if (data.type === 'join' || data.type === 'join_room') rooms.add(data.roomId);
      if (data.type === 'leave_room') rooms.delete(data.roomId);
      if (socket?.readyState === 1) {
        socket.send(JSON.stringify(data));
        return true;
      }
      console.warn('chat: not connected; reconnecting');
      if (!socket && !timer) {
        wanted = true;
        open();
      }
      return false;
    },
    onMessage(listener: (m: ChatServerMessage) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
export type ChatSocket = ReturnType<typeof createChatSocket>;
