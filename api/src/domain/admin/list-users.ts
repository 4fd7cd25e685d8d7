import type { AdminUserPage } from '@app/shared/schemas';
import { asc, count, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { toAdminUserDto } from '../accounts/user-dto.ts';

export const ListUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional().default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** The Users tab: searchable by username, display name or email, oldest first, paginated. */
export async function listUsers(db: Db, query: unknown): Promise<AdminUserPage> {
  const { search, page, pageSize } = ListUsersQuerySchema.parse(query);
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = search ? or(ilike(users.username, pattern), ilike(users.email, pattern), ilike(users.displayName, pattern)) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { users: rows.map(toAdminUserDto), total: Number(total?.n ?? 0), page, pageSize };
}
