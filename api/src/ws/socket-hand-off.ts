import { Socket } from 'node:net';
import type { Logger } from 'pino';
import { SOCKET_HAND_OFF, SocketHandOffSchema } from '@app/shared/server';
import type { SocketHub } from './socket-hub.ts';

/** Where hand-offs arrive: this process's IPC channel (or, in tests, the door's process seen from its parent). */
type HandOffListener = (message: unknown, handle: unknown) => void;
type HandOffChannel = { on(event: 'message', listener: HandOffListener): unknown; off(event: 'message', listener: HandOffListener): unknown };

/**
 * Sockets handed over by npm start's front door (DESIGN §3; @app/shared socket-hand-off.ts): they
 * come through the supervisor's IPC channel, the only sender there is, and are checked all the same.
 * Answers how to stop taking them.
 */
export function takeHandedOverSockets(hub: Pick<SocketHub, 'adopt'>, logger: Logger, channel: HandOffChannel = process): () => void {
  const onMessage = (message: unknown, handle: unknown) => {
    if (typeof message !== 'object' || message === null || (message as { type?: unknown }).type !== SOCKET_HAND_OFF) return;
    if (!(handle instanceof Socket)) return logger.warn('a socket hand-off came without its socket');
    const parsed = SocketHandOffSchema.safeParse(message);
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues }, 'a handed-over socket came with a malformed request');
      return void handle.destroy();
    }
    hub.adopt(parsed.data, handle);
  };
  channel.on('message', onMessage);
  return () => channel.off('message', onMessage);
}
