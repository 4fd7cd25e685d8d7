import type { SocketServerMessage } from '@app/shared/schemas';
import { WebSocket } from 'ws';
import type { UserRow } from '../domain/accounts/user-dto.ts';
import type { RoomAccessRule } from '../domain/chat/room-access.ts';
import type { MemberSocket } from './socket-channel.ts';

/** Close codes: the session is missing or ended (the client signs in again), the account may no longer chat. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;
/** A limit was passed (too many sockets, too many waiting messages, replies not read): RFC 6455's policy violation. */
export const CLOSE_POLICY = 1008;

/** A signed-in socket on the chat channel, with the rooms it joined and what decides access to them. */
export type ChatConnection = { member: MemberSocket; rooms: Map<number, RoomAccessRule> };

/** Suspended and banned members may not use chat (DESIGN §7.8); members under review still read. */
export const mayChat = (user: UserRow) => user.accountStatus === 'active' || user.accountStatus === 'under_review';

/** A frame serialized once, to send to many sockets. */
export type FrameText = string & { readonly frame: unique symbol };
export const frameText = (frame: SocketServerMessage) => JSON.stringify(frame) as FrameText;

/**
 * Every frame goes out through here. A client that stops reading makes its replies wait in this
 * process's memory: past `maxBuffered` bytes it is told why and closed instead.
 */
export function frameSender(maxBuffered: number) {
  function sendText(ws: WebSocket, text: FrameText) {
    if (ws.readyState !== WebSocket.OPEN) return;
    if (ws.bufferedAmount > maxBuffered) {
      const message = 'The connection is not reading its messages.';
      ws.send(frameText({ type: 'error', message }));
      ws.close(CLOSE_POLICY, message);
      return;
    }
    ws.send(text);
  }
  const send = (ws: WebSocket, frame: SocketServerMessage) => sendText(ws, frameText(frame));
  return {
    send,
    /** One frame serialized once for many sockets. */
    sendText,
    /** Says why, then closes. */
    refuse(ws: WebSocket, message: string, code: number) {
      send(ws, { type: 'error', message });
      ws.close(code, message.slice(0, 120));
    },
  };
}
export type FrameSender = ReturnType<typeof frameSender>;
