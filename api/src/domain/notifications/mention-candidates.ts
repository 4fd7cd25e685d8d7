import { and, asc, eq, ilike, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import { can, viewerOf, type Resource } from '@app/shared/browser';
import type { MentionCandidate, MentionQuery } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { chatRoomMembers, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { requireRoomAccess } from '../chat/room-access.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { requireReadableArticle } from '../content/require-readable-article.ts';

/** Suggestions a composer shows at most. */
const SHOWN = 8;

/**
 * GET /api/mentions?q=&in= (issue 37 #4): members whose username or name starts with `q`, for the
 * composer of a place the caller may write in — an article's comments (`article:{id}`), the
 * bulletin board (`bulletin`) or a chat room (`room:{id}`) — and only those who may read that
 * place (its tier; a private room's own members), as a mention would tell them. Never the caller,
 * a deleted, suspended or banned account.
 */
export async function mentionCandidates(deps: { db: Db; index: ContentIndex }, caller: UserRow | null, query: MentionQuery): Promise<MentionCandidate[]> {
  const user = requireUser(caller);
  const [place, rawId] = query.in.split(':') as [string, string | undefined];
  let about: Resource | null = null;
  let roomId: number | null = null;
  if (place === 'article') {
    about = { membershipRequired: requireReadableArticle(deps.index, Number(rawId), user).summary.membershipRequired };
  } else if (place === 'room') {
    const { room } = await requireRoomAccess(deps.db, user, Number(rawId));
    about = { membershipRequired: room.membershipRequired };
    if (room.isPrivate) roomId = room.id;
  } else if (place !== 'bulletin') throw new AppError('bad_request', 'in must be article:{id}, bulletin or room:{id}');
  const prefix = `${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await deps.db
    .select({ user: users })
    .from(users)
    .leftJoin(chatRoomMembers, roomId ? and(eq(chatRoomMembers.userId, users.id), eq(chatRoomMembers.roomId, roomId)) : sql`false`)
    .where(
      and(
        isNull(users.deletedAt),
        ne(users.id, user.id),
        notInArray(users.accountStatus, ['suspended', 'banned']),
        or(ilike(users.username, prefix), ilike(users.displayName, prefix)),
        roomId ? sql`${chatRoomMembers.userId} is not null` : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${users.username})`))
    .limit(50);
  return rows
    .map((r) => r.user)
    .filter((u) => !about || can(viewerOf(u), 'read', about))
    .slice(0, SHOWN)
    .map((u) => ({ username: u.username, displayName: u.displayName?.trim() || u.username, avatarUrl: u.avatarThumbUrl ?? u.avatarUrl }));
}
