import { z } from 'zod';
import { IdSchema } from './ids.ts';

export * from './live-socket.ts';

/** The presence channel's frames: count this socket as reading an article (answered with its reading), or no longer. */
export const PresenceClientMessageSchema = z.discriminatedUnion('type', [z.object({ type: z.enum(['presence', 'presence_leave']), articleId: IdSchema })]);
export type PresenceClientMessage = z.infer<typeof PresenceClientMessageSchema>;
