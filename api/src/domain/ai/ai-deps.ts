import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { aiTalks } from '../../db/schema/index.ts';
import type { TalkingPresenters } from '../ports/talking-presenters.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';

/** Questions per hour: visitors per address; members per member, and everyone together per address. */
export type AiLimits = { visitorPerAddress: number; perMember: number; perAddress: number };
export const DEFAULT_AI_LIMITS: AiLimits = { visitorPerAddress: 10, perMember: 60, perAddress: 200 };

export type AiDeps = { db: Db; logger: Logger; content: ContentReadModel; presenters: TalkingPresenters; limits: AiLimits };

/**
 * Who is asking: a member, or a visitor known by the random token of their asker cookie (only
 * its hash is kept), and from which address. A talk is theirs alone.
 */
export type Asker = { user: UserRow | null; visitorToken: string | null; address: string };

export type TalkOwner = { userId: number; visitor: null } | { userId: null; visitor: string };

export function ownerOf(asker: Asker): TalkOwner | null {
  if (asker.user) return { userId: asker.user.id, visitor: null };
  if (asker.visitorToken) return { userId: null, visitor: createHash('sha256').update(asker.visitorToken).digest('hex') };
  return null;
}

/** The condition "this talk is theirs". */
export const talkOwnedBy = (owner: TalkOwner) => (owner.userId !== null ? eq(aiTalks.ownerUserId, owner.userId) : eq(aiTalks.ownerVisitor, owner.visitor));
