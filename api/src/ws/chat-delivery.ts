import type { ChatMessage } from '@app/shared/schemas';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { UserRow } from '../domain/accounts/user-dto.ts';
import type { ChatEvent } from '../domain/chat/chat-events.ts';
import { toChatMessage, type SenderRow } from '../domain/chat/chat-dto.ts';
import type { SentMessage } from '../domain/chat/send-message.ts';
import { loadMessage, messageIdsAfter, messageVisibleTo, toViewerMessage } from '../domain/chat/chat-history.ts';
import { currentReaders, roomRefusal, roomState, type RoomAccessRule } from '../domain/chat/room-access.ts';
import { CLOSE_FORBIDDEN, frameBytes, mayChat, type ChatConnection, type FrameSender } from './chat-connection.ts';
import { catchUpLedger } from './catch-up-ledger.ts';
import type { MemberSocket } from './socket-channel.ts';

/**
 * What this instance does with each chat event (DESIGN §3): it reads what the event names and
 * delivers it to its own sockets in that room. Before delivering, it re-reads members whose copy
 * is older than `userRefreshMs` (at once on `user-changed`), and a member who may no longer read
 * the room (a lost tier) is taken out of it and told, instead of receiving it. Members are read
 * again ahead of that, every half period, off the delivery path: a delivery waiting on the
 * database for a room's members was the slowest of every few (issue 53 #4: p99). A message saved
 * while the instance's LISTEN connection was away (a failover) had its NOTIFY lost: `catchUp`, on
 * the connection's return, delivers each open room's messages after the last one it delivered.
 *
 * Each room keeps its sockets here (`enter`, `leave`, `drop`), and the list of those that may read
 * it, made again only when a socket comes or goes or a member's tier, role or status changes: a
 * delivery to 5,000 sockets otherwise spent 5–10 ms finding and checking them (issue 53 #4).
 */
export function createChatDelivery(deps: { db: Db; connections: Map<MemberSocket, ChatConnection>; sender: FrameSender; userRefreshMs: number; logger?: Pick<Logger, 'warn'> }) {
  const { db, connections, sender } = deps;

  /** Each room's sockets on this instance, and those of them that may read it (null: to make again). */
  const rooms = new Map<number, { sockets: Set<ChatConnection>; readers: ChatConnection[] | null }>();
  /** When the members were last read ahead of deliveries (0: never; then each delivery checks its own). */
  let readAheadAt = 0;

  /** Whatever a member's change may alter: which rooms they may read, and whether they may chat. */
  const accessChanged = (before: UserRow, after: UserRow) =>
    before.membershipTier !== after.membershipTier || before.role !== after.role || before.accountStatus !== after.accountStatus;

  /** Re-reads the members of these sockets (those read more than `olderThanMs` ago, or all). */
  async function refresh(conns: Iterable<ChatConnection>, all: boolean, olderThanMs = deps.userRefreshMs) {
    const now = Date.now();
    const stale = all ? [...conns] : [...conns].filter((c) => now - c.member.userReadAt > olderThanMs);
    if (stale.length === 0) return;
    // Marked first, so deliveries arriving meanwhile do not read the same members again.
    for (const c of stale) c.member.userReadAt = now;
    const fresh = await currentReaders(db, [...new Set(stale.map((c) => c.member.user.id))]);
    for (const c of stale) {
      const user = fresh.get(c.member.user.id);
      if (user) {
        if (accessChanged(c.member.user, user)) for (const roomId of c.rooms.keys()) forget(roomId);
        c.member.user = user;
      }
      if (!user || !mayChat(c.member.user)) sender.refuse(c.member.ws, 'Your account can no longer use chat.', CLOSE_FORBIDDEN);
    }
  }

  /** The room's list of readers is made again at its next delivery. */
  function forget(roomId: number) {
    const room = rooms.get(roomId);
    if (room) room.readers = null;
  }

  function enter(conn: ChatConnection, roomId: number, access: RoomAccessRule) {
    // A socket that closed while its join read the database is in no room.
    if (connections.get(conn.member) !== conn) return;
    conn.rooms.set(roomId, access);
    const room = rooms.get(roomId) ?? { sockets: new Set<ChatConnection>(), readers: null };
    rooms.set(roomId, room);
    room.sockets.add(conn);
    room.readers = null;
  }

  function leave(conn: ChatConnection, roomId: number) {
    conn.rooms.delete(roomId);
    const room = rooms.get(roomId);
    if (!room?.sockets.delete(conn)) return;
    room.readers = null;
    if (room.sockets.size === 0) rooms.delete(roomId);
  }

  /** Those sockets whose member may still read the room; the others leave it and are told why. */
  function stillReading(conns: ChatConnection[], roomId: number): ChatConnection[] {
    return conns.filter((c) => {
      const access = c.rooms.get(roomId);
      if (!access) return false;
      // Joining made them a member: only the tier rule can have changed since.
      const refusal = roomRefusal(c.member.user, access, true);
      if (!refusal) return true;
      leave(c, roomId);
      sender.send(c.member.ws, { type: 'room_access_lost', roomId, message: `You can no longer read this room. ${refusal}` });
      return false;
    });
  }

  async function readersOf(roomId: number): Promise<ChatConnection[]> {
    const room = rooms.get(roomId);
    if (!room) return [];
    // Read ahead within the last half period (and a second's grace), every copy is younger than
    // the period; otherwise (a short period, or the read ahead late) the delivery reads them itself.
    if (Date.now() - readAheadAt > deps.userRefreshMs / 2 + 1000) await refresh(room.sockets, false);
    room.readers ??= stillReading([...room.sockets], roomId);
    return room.readers;
  }

  /** The newest message id each room's sockets here have (from its history or delivered since). */
  const newest = new Map<number, number>();
  const ledger = catchUpLedger();
  const seen = (roomId: number, messageId: number) => newest.set(roomId, Math.max(newest.get(roomId) ?? 0, messageId));

  async function deliver(event: ChatEvent) {
    if (event.kind === 'message') {
      seen(event.roomId, event.messageId);
      if (!ledger.announced(event.messageId)) return;
    }
    await fanOut(event);
  }

  async function fanOut(event: ChatEvent) {
    if (event.kind === 'user-blocked') {
      for (const c of connections.values()) if (c.member.user.id === event.userId) sender.refuse(c.member.ws, 'Your account can no longer use chat.', CLOSE_FORBIDDEN);
      return;
    }
    if (event.kind === 'user-changed') {
      const theirs = [...connections.values()].filter((c) => c.member.user.id === event.userId);
      await refresh(theirs, true);
      for (const c of theirs) for (const roomId of [...c.rooms.keys()]) stillReading([c], roomId);
      return;
    }
    const readers = await readersOf(event.roomId);
    if (readers.length === 0) return;
    if (event.kind === 'message-removed') {
      const frame = frameBytes({ type: 'message_removed', roomId: event.roomId, messageId: event.messageId });
      for (const c of readers) sender.sendFrame(c.member.ws, frame);
      return;
    }
    if (event.kind === 'room') {
      const state = await roomState(db, event.roomId);
      if (state) for (const c of readers) sender.send(c.member.ws, { type: 'room_updated', ...state });
      return;
    }
    const found = await loadMessage(db, event.messageId);
    if (!found) return;
    // A message everyone may see reads the same for everyone: serialize it once for the whole room.
    if (!found.message.isHidden && !found.message.pendingReview) return sendToAll(readers, event.roomId, toChatMessage(found.message, found.sender));
    for (const c of readers) {
      if (messageVisibleTo(found.message, c.member.user)) sender.send(c.member.ws, { type: 'message', roomId: event.roomId, message: toViewerMessage(found.message, found.sender, c.member.user) });
    }
  }

  function sendToAll(readers: ChatConnection[], roomId: number, message: ChatMessage) {
    const frame = frameBytes({ type: 'message', roomId, message });
    for (const c of readers) sender.sendFrame(c.member.ws, frame);
  }

  /**
   * A message this instance has just saved, shown to everyone (not held, not hidden): delivered
   * from its row and its sender at hand, without waiting for its announcement and reading it back
   * (issue 53 #4: two of a message's five round trips). The announcement still reaches the other
   * instances; here it is passed over, unless it arrived first and delivered the message already.
   */
  async function sentHere(message: SentMessage, from: SenderRow) {
    seen(message.roomId, message.id);
    if (!ledger.savedHere(message.id)) return;
    let readers: ChatConnection[];
    try {
      readers = await readersOf(message.roomId);
    } catch (err) {
      // The members could not be read again (the database away): the announcement, or the catch-up after it, delivers it.
      ledger.notPushed(message.id);
      throw err;
    }
    if (readers.length > 0) sendToAll(readers, message.roomId, toChatMessage(message, from));
  }

  // Ahead of deliveries: the members read more than half a period ago, every half period (with a
  // period of a second or more; a shorter one re-reads on the delivery path only). A member whose
  // account was closed meanwhile is refused then, not at the next message.
  const ahead =
    deps.userRefreshMs >= 1000
      ? setInterval(() => {
          if (connections.size === 0) return;
          refresh(connections.values(), false, deps.userRefreshMs / 2)
            .then(() => void (readAheadAt = Date.now()))
            .catch((err: unknown) => deps.logger?.warn({ err }, 'could not read chat members again'));
        }, deps.userRefreshMs / 2)
      : null;
  ahead?.unref();

  return {
    deliver,
    sentHere,
    stop() {
      if (ahead) clearInterval(ahead);
    },
    /** A socket joined the room with its history up to `lastId`: it hears the room's messages from here, and later ones are what it may miss. */
    enter(conn: ChatConnection, roomId: number, access: RoomAccessRule, lastId: number) {
      enter(conn, roomId, access);
      seen(roomId, lastId);
    },
    leave,
    /** A socket closed: out of every room it was in; answers those rooms. */
    drop(conn: ChatConnection): number[] {
      const left = [...conn.rooms.keys()];
      for (const roomId of left) leave(conn, roomId);
      return left;
    },
    /** The LISTEN connection is back: each open room's messages after the newest delivered here, in order. */
    async catchUp() {
      const rooms = new Set([...connections.values()].flatMap((c) => [...c.rooms.keys()]));
      const since = new Map([...rooms].map((roomId) => [roomId, newest.get(roomId) ?? 0]));
      for (const [roomId, after] of since) {
        for (const messageId of await messageIdsAfter(db, roomId, after)) {
          seen(roomId, messageId);
          if (ledger.caughtUp(messageId)) await fanOut({ kind: 'message', roomId, messageId });
        }
      }
    },
  };
}
