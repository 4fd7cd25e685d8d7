import { ChatClientMessageSchema, type ChatClientMessage } from '@app/shared/schemas';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import { CHAT_CHANNEL, type ChatEvent } from '../domain/chat/chat-events.ts';
import { joinRoom } from '../domain/chat/join-room.ts';
import { listRooms } from '../domain/chat/list-rooms.ts';
import { markRoomsRead } from '../domain/chat/mark-room-read.ts';
import { sendMessage } from '../domain/chat/send-message.ts';
import type { Signals } from '../domain/ports/signals.ts';
import { toUserDto } from '../domain/accounts/user-dto.ts';
import { AppError } from '../lib/app-error.ts';
import { perTurn } from '../lib/per-turn.ts';
import type { ChatConnection } from './chat-connection.ts';
import { createChatDelivery } from './chat-delivery.ts';
import { frameReader, jsonSignal, type HubContext, type MemberSocket, type SocketChannel } from './socket-channel.ts';

/**
 * The chat channel (DESIGN §3, §7.3): rooms joined per socket, messages written by the domain and
 * announced through PostgreSQL NOTIFY, and each instance delivering them to its own sockets in
 * that room (chat-delivery.ts), so any number of API instances share one conversation.
 */
export function chatChannel(deps: { db: Db; logger: Logger; signals: Signals }, hub: HubContext): SocketChannel {
  const { db, logger } = deps;
  const { send } = hub.sender;
  const connections = new Map<MemberSocket, ChatConnection>();
  const delivery = createChatDelivery({ db, connections, sender: hub.sender, userRefreshMs: hub.limits.userRefreshMs, logger });

  // Each return of the LISTEN connection catches up on the messages whose NOTIFY was lost meanwhile.
  deps.signals.subscribe(CHAT_CHANNEL, { ...jsonSignal<ChatEvent>(logger, 'chat', delivery.deliver), onConnect: () => void delivery.catchUp().catch((err: unknown) => logger.warn({ err }, 'could not catch up on chat messages')) });

  // The read marks of the sockets that closed in one turn of the loop (and while those were being
  // written), in one statement: a front door restart or a network cut closes thousands at once, and
  // a statement each held the pool from everyone else for tens of seconds (sign-ups answered "busy",
  // joins waited past a minute: issue 53 #4, session 33).
  const markRead = perTurn<{ userId: number; roomIds: number[] }>((reads) => markRoomsRead(db, reads).catch((err: unknown) => logger.warn({ err }, 'could not mark chat rooms read')), { overlap: false });
  function markReadOnClose(userId: number, roomIds: number[]) {
    if (roomIds.length > 0) void markRead({ userId, roomIds });
  }

  async function receive(member: MemberSocket, frame: ChatClientMessage) {
    const conn = connections.get(member);
    if (!conn) return;
    switch (frame.type) {
      // The hub answers every socket's ping before it reaches a channel.
      case 'ping':
        return send(member.ws, { type: 'pong' });
      // The page says whom it expects; the socket is the session's, and says so.
      case 'auth':
        if (frame.userId !== undefined && String(frame.userId) !== String(member.user.id)) throw new AppError('forbidden', 'You are signed in as someone else.');
        return send(member.ws, { type: 'welcome', user: toUserDto(member.user) });
      case 'join':
      case 'join_room': {
        // Already in the room on this socket: it hears every new message, so its history is not sent again.
        if (conn.rooms.has(frame.roomId)) return send(member.ws, { type: 'joined', roomId: frame.roomId });
        const { roomId, access, history } = await joinRoom(db, member.user, frame.roomId);
        delivery.enter(conn, roomId, access, history.at(-1)?.id ?? 0);
        send(member.ws, { type: 'joined', roomId });
        return send(member.ws, { type: 'history', roomId, messages: history });
      }
      case 'leave_room':
        delivery.leave(conn, frame.roomId);
        return send(member.ws, { type: 'left', roomId: frame.roomId });
      case 'message':
      case 'chat_message': {
        const joined = conn.rooms.get(frame.roomId);
        if (!joined) throw new AppError('bad_request', 'Join the room before sending messages.');
        const sent = await sendMessage(db, member.user, frame.roomId, frame.content, joined);
        // Held for review, it reaches its sender and the moderators through its announcement. Saved,
        // it is not refused to its sender if delivering it here fails: its announcement delivers it.
        if (!sent.pendingReview) await delivery.sentHere(sent, member.user).catch((err: unknown) => logger.warn({ err }, 'could not deliver a chat message on the instance that saved it'));
        return;
      }
    }
  }

  return {
    forVisitors: false,
    ...frameReader(ChatClientMessageSchema, receive),
    async open(member) {
      connections.set(member, { member, rooms: new Map() });
      send(member.ws, { type: 'rooms', rooms: await listRooms(db, member.user) });
    },
    stop: () => delivery.stop(),
    close(member) {
      const conn = connections.get(member);
      if (!conn) return;
      connections.delete(member);
      // What reached this page in its open rooms was read there.
      markReadOnClose(member.user.id, delivery.drop(conn));
    },
  };
}
