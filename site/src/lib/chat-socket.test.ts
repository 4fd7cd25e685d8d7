import { describe, expect, it, vi } from 'vitest';
import { createChatSocket, placeMessage, reconnectDelay } from './chat-socket';

class FakeSocket {
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(public url: string) {
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
}

function harness(userId = 7) {
  FakeSocket.made = [];
  const waits: { fn: () => void; ms: number }[] = [];
  const socket = createChatSocket({ url: 'ws://test/ws', userId, create: (url) => new FakeSocket(url) as unknown as WebSocket, schedule: (fn, ms) => waits.push({ fn, ms }) });
  return { socket, waits, last: () => FakeSocket.made.at(-1)! };
}

describe('the chat socket client', () => {
  it('waits 3 s after a close and 5 s after a failed creation, growing by 1.5 with ±10% jitter up to 30 s', () => {
    expect(reconnectDelay(0, 'close', () => 0.5)).toBe(3000);
    expect(reconnectDelay(0, 'create', () => 0.5)).toBe(5000);
    expect(reconnectDelay(4, 'close', () => 0.5)).toBe(5063);
    expect(reconnectDelay(4, 'close', () => 1)).toBe(5569);
    expect(reconnectDelay(4, 'close', () => 0)).toBe(4556);
    expect(reconnectDelay(20, 'close', () => 1)).toBe(30_000);
  });

  it('authenticates on open, rejoins its rooms after a reconnect, and gives up after 5 attempts', () => {
    const { socket, waits, last } = harness();
    socket.connect();
    last().open();
    expect(socket.$status.get()).toBe('connected');
    expect(last().sent).toEqual([{ type: 'auth', userId: 7 }]);
    socket.send({ type: 'join', roomId: 3 });
    last().close(1006);
    expect(socket.$status.get()).toBe('reconnecting');
    expect(waits).toHaveLength(1);
    waits.shift()!.fn();
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', userId: 7 }, { type: 'join', roomId: 3 }]);
    for (let i = 0; i < 5; i++) {
      last().close(1006);
      waits.shift()!.fn();
    }
    last().close(1006);
    expect(socket.$status.get()).toBe('error');
    expect(waits).toHaveLength(0);
  });

  it('does not rejoin a room it has lost access to after a reconnect', () => {
    const { socket, waits, last } = harness();
    socket.connect();
    last().open();
    socket.send({ type: 'join', roomId: 3 });
    socket.send({ type: 'join', roomId: 4 });
    const got: string[] = [];
    socket.onMessage((m) => got.push(m.type));
    last().onmessage!({ data: JSON.stringify({ type: 'room_access_lost', roomId: 4, message: 'You can no longer read this room.' }) });
    expect(got).toEqual(['room_access_lost']);
    last().close(1006);
    waits.shift()!.fn();
    last().open();
    expect(last().sent).toEqual([{ type: 'auth', userId: 7 }, { type: 'join', roomId: 3 }]);
  });

  it('does not reconnect when the server refuses a socket past its limits (1008)', () => {
    const { socket, waits, last } = harness();
    socket.connect();
    last().open();
    last().close(1008);
    expect(socket.$status.get()).toBe('error');
    expect(waits).toHaveLength(0);
  });

  it('starts as connecting, and after a clean close from the server says disconnected without reconnecting', () => {
    const { socket, waits, last } = harness();
    expect(socket.$status.get()).toBe('connecting');
    socket.connect();
    last().open();
    last().close(1000);
    expect(socket.$status.get()).toBe('disconnected');
    expect(waits).toHaveLength(0);
  });

  it('does not reconnect after a clean close or a refused session', () => {
    const { socket, waits, last } = harness();
    socket.connect();
    last().open();
    last().close(4401);
    expect(socket.$status.get()).toBe('error');
    expect(waits).toHaveLength(0);
    socket.connect();
    last().open();
    socket.disconnect();
    expect(socket.$status.get()).toBe('disconnected');
    expect(waits).toHaveLength(0);
  });

  it('refuses to send while disconnected, warns and reconnects; passes parsed messages on and logs bad ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { socket, last } = harness();
    expect(socket.send({ type: 'message', roomId: 1, content: 'hi' })).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(socket.$status.get()).toBe('connecting');
    const got: unknown[] = [];
    socket.onMessage((m) => got.push(m));
    last().open();
    last().onmessage!({ data: '{"type":"welcome"}' });
    last().onmessage!({ data: 'garbage' });
    expect(got).toEqual([{ type: 'welcome' }]);
    expect(socket.send({ type: 'message', roomId: 1, content: 'hi' })).toBe(true);
    warn.mockRestore();
  });
});

describe('the messages of a room as they arrive', () => {
  const m = (id: number, content = `m${id}`) => ({ id, content });
  it('keeps them in the order they were saved, whatever order they arrive in', () => {
    let list = [m(1), m(2)];
    for (const next of [m(5), m(3), m(4), m(6)]) list = placeMessage(list, next);
    expect(list.map((x) => x.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(placeMessage([], m(9))).toEqual([m(9)]);
  });
  it('puts a message already there (a held one approved) in its own place, once', () => {
    const list = placeMessage([m(1), m(2), m(3)], m(2, 'approved'));
    expect(list).toEqual([m(1), m(2, 'approved'), m(3)]);
  });
});
