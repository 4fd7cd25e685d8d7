import type { SocketChannelName } from '@app/shared/schemas';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import type { UserRow } from '../domain/accounts/user-dto.ts';
import type { FrameSender } from './chat-connection.ts';
import type { SocketLimits } from './socket-limits.ts';

/** A signed-in socket: its session, and its member as last read (re-read per frame and by deliveries). */
export type MemberSocket = { kind: 'member'; ws: WebSocket; token: string; user: UserRow; userReadAt: number; alive: boolean };
/** A signed-out socket: nobody, no cookie read; it may open only channels for visitors (presence). */
export type VisitorSocket = { kind: 'visitor'; ws: WebSocket; alive: boolean };
export type HubSocket = MemberSocket | VisitorSocket;

/** The answer to a frame its channel could not read ("Message cannot be empty", or an unknown type). */
export type FrameRefusal = { refused: string };
export const UNKNOWN_FRAME = 'Unknown message type.';

/** A frame read: what to do with it for a socket, or why it was refused. */
export type FrameRead<S extends HubSocket> = FrameRefusal | { run(socket: S): Promise<void> | void };

type ChannelParts<S extends HubSocket> = {
  /** The client frame types this channel answers (none: it only pushes). */
  frameTypes: readonly string[];
  /** Reads one frame of those types (JSON), before the hub re-reads the session; an AppError from `run` is answered too. */
  read(data: unknown): FrameRead<S>;
  /** A socket that opened this channel (a member's after its `welcome`). */
  open?(socket: S): Promise<void> | void;
  close?(socket: S): void;
  /** The hub closes: the channel says goodbye to other instances. */
  stop?(): Promise<void> | void;
};

/**
 * What an area registers on the socket hub (DESIGN §7.28: the transport knows channels, not
 * areas): the frames it takes, what it does when a socket opens or closes it, and — through the
 * instance's one LISTEN connection, which it subscribes to itself — what it pushes.
 */
export type SocketChannel = ({ forVisitors: false } & ChannelParts<MemberSocket>) | ({ forVisitors: true } & ChannelParts<HubSocket>);

/** Every channel, one entry per name: a channel left out fails to compile. */
export type SocketChannels = Record<SocketChannelName, SocketChannel>;

/** What the hub gives its channels: the one way frames go out, and its limits. */
export type HubContext = { sender: FrameSender; limits: SocketLimits };

/** A channel's frame reader: parses with the channel's schema and answers a field's own message, or "Unknown message type.". */
export function frameReader<F extends { type: string }, S extends HubSocket>(schema: z.ZodType<F>, receive: (socket: S, frame: F) => Promise<void> | void) {
  return {
    // A discriminated union knows its types: the frames are named once, in the schema.
    frameTypes: [...(schema._zod.propValues?.type ?? [])].map(String),
    read(data: unknown): FrameRead<S> {
      const result = schema.safeParse(data);
      if (result.success) return { run: (socket: S) => receive(socket, result.data) };
      const issue = result.error.issues[0];
      return { refused: issue && issue.path.length > 0 && issue.path[0] !== 'type' ? issue.message : UNKNOWN_FRAME };
    },
  };
}

/** A channel that only pushes. */
export const NO_FRAMES = { frameTypes: [], read: (): FrameRefusal => ({ refused: UNKNOWN_FRAME }) };

/**
 * A channel's handler of its PostgreSQL signal, whose payload is an event as JSON (written by the
 * domain after commit): a payload that is not JSON is logged and left; a failed delivery is logged.
 */
export function jsonSignal<E>(logger: Logger, what: string, deliver: (event: E) => Promise<void>) {
  return {
    onNotify(payload: string) {
      let event: E;
      try {
        event = JSON.parse(payload) as E;
      } catch {
        return logger.warn(`ignored a malformed ${what} event`);
      }
      void deliver(event).catch((err: unknown) => logger.error({ err }, `${what} delivery failed`));
    },
  };
}
