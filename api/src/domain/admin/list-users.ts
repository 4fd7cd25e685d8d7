import type { AdminUserPage, ListUsersQuery } from '@app/shared/schemas';
import { and, asc, count, eq, gte, ilike, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { users } from '../../db/schema/index.ts';
import { toAdminUsers } from './member-facts.ts';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000);

/** The Users tab: searchable by username, display name or email, filtered by tier, status and when they joined, oldest first, paginated. */
export async function listUsers(db: Db, query: ListUsersQuery): Promise<AdminUserPage> {
  const { search, page, pageSize } = query;
  const pattern = containing(search);
  // Deleted accounts stay only as tombstones holding others' threads together: not members to manage.
  const where = and(
    isNull(users.deletedAt),
    search ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.displayName, pattern)) : undefined,
    query.tier ? eq(users.membershipTier, query.tier) : undefined,
    query.status ? eq(users.accountStatus, query.status) : undefined,
    query.joinedFrom ? gte(users.createdAt, new Date(`${query.joinedFrom}T00:00:00.000Z`)) : undefined,
    query.joinedTo ? lt(users.createdAt, nextDay(query.joinedTo)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: await toAdminUsers(db, rows), total: Number(total?.n ?? 0), page, pageSize };
}
