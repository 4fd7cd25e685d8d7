import type { AdminUserPage, ListUsersQuery } from '@app/shared/schemas';
import { and, asc, count, ilike, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { users } from '../../db/schema/index.ts';
import { toAdminUserDto } from '../accounts/user-dto.ts';

/** The Users tab: searchable by username, display name or email, oldest first, paginated. */
export async function listUsers(db: Db, query: ListUsersQuery): Promise<AdminUserPage> {
  const { search, page, pageSize } = query;
  const pattern = containing(search);
  // Deleted accounts stay only as tombstones holding others' threads together: not members to manage.
  const where = and(isNull(users.deletedAt), search ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.displayName, pattern)) : undefined);
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUserDto), total: Number(total?.n ?? 0), page, pageSize };
}
