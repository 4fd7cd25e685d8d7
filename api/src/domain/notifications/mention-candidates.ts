import { and, asc, desc, eq, ilike, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { can, viewerOf, type Resource } from '@app/shared/browser';
import type { MentionCandidate, MentionPlace, MentionQuery } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, chatMessages, chatRoomMembers, comments, users } from '../../db/schema/index.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { requireRoomAccess } from '../chat/room-access.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { requireReadableArticle } from '../content/require-readable-article.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';

/** Suggestions a composer shows at most. */
const SHOWN = 8;
/** How far back the place's own conversation is read for who takes part in it. */
const RECENT = 500;
/**
 * Look-ups per member (issue 47 #6): plenty for typing names (the composer asks once per pause),
 * too few to page through every member by prefix.
 */
export const MENTION_LOOKUP_LIMITS = [
  { per: 'minute', max: 60, windowMs: 60_000 },
  { per: 'hour', max: 600, windowMs: 3_600_000 },
] as const;

/** Who has written in the place lately (a room's or the board's last messages, an article's comments). */
function participants(db: Db, where: MentionPlace) {
  if (where.place === 'article') return db.selectDistinct({ userId: comments.userId }).from(comments).where(eq(comments.articleId, where.id)).as('participants');
  if (where.place === 'room') {
    const recent = db.select({ userId: chatMessages.userId }).from(chatMessages).where(eq(chatMessages.roomId, where.id)).orderBy(desc(chatMessages.id)).limit(RECENT).as('recent');
    return db.selectDistinct({ userId: recent.userId }).from(recent).as('participants');
  }
  const recent = db.select({ userId: bulletinPosts.userId }).from(bulletinPosts).orderBy(desc(bulletinPosts.id)).limit(RECENT).as('recent');
  return db.selectDistinct({ userId: recent.userId }).from(recent).as('participants');
}

/**
 * GET /api/mentions?q=&in= (issue 37 #4): members whose username or name starts with `q` (at
 * least 2 characters), for the composer of a place the caller may write in — an article's comments
 * (`article:{id}`), the bulletin board (`bulletin`) or a chat room (`room:{id}`) — and only those
 * who may read that place (its tier; a private room's own members), as a mention would tell them.
 * Those who take part in the place come first (issue 47 #6), then the rest by name. Never the
 * caller, a deleted, suspended or banned account; at most 60 look-ups a minute and 600 an hour.
 */
export async function mentionCandidates(deps: { db: Db; index: ContentIndex }, caller: UserRow | null, query: MentionQuery): Promise<MentionCandidate[]> {
  const user = requireUser(caller);
  const where = query.in;
  let about: Resource | null = null;
  let roomId: number | null = null;
  if (where.place === 'article') {
    about = { membershipRequired: requireReadableArticle(deps.index, where.id, user).summary.membershipRequired };
  } else if (where.place === 'room') {
    const { room } = await requireRoomAccess(deps.db, user, where.id);
    about = { membershipRequired: room.membershipRequired };
    if (room.isPrivate) roomId = room.id;
  }
  await takeAttempt(
    deps.db,
    MENTION_LOOKUP_LIMITS.map((l) => ({ key: `mentions:${l.per}:${user.id}`, max: l.max, windowMs: l.windowMs })),
    (s) => `You are looking up names too quickly. Please try again in ${waitText(s)}.`,
  );
  const prefix = `${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const taking = participants(deps.db, where);
  const rows = await deps.db
    .select({ user: users })
    .from(users)
    .leftJoin(chatRoomMembers, roomId ? and(eq(chatRoomMembers.userId, users.id), eq(chatRoomMembers.roomId, roomId)) : sql`false`)
    .leftJoin(taking, eq(taking.userId, users.id))
    .where(
      and(
        isNull(users.deletedAt),
        ne(users.id, user.id),
        notInArray(users.accountStatus, ['suspended', 'banned']),
        or(ilike(users.username, prefix), ilike(users.displayName, prefix)),
        roomId ? sql`${chatRoomMembers.userId} is not null` : undefined,
      ),
    )
    .orderBy(sql`${taking.userId} is null`, asc(sql`lower(${users.username})`))
    .limit(50);
  return rows
    .map((r) => r.user)
    .filter((u) => !about || can(viewerOf(u), 'read', about))
    .slice(0, SHOWN)
    .map((u) => ({ username: u.username, displayName: u.displayName?.trim() || u.username, avatarUrl: u.avatarThumbUrl ?? u.avatarUrl }));
}
