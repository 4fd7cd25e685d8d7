import { isAdminRole } from '@app/shared/browser';
import type { AdminUser, User } from '@app/shared/schemas';
import type { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;

/** The user as the browser reads it; never the row (no hash, no notes). */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName || row.username,
    email: row.email,
    avatarUrl: row.avatarUrl,
    membershipTier: row.membershipTier,
    isAdmin: isAdminRole(row.role),
    role: row.role,
    accountStatus: row.accountStatus,
    emailConfirmed: row.emailConfirmedAt !== null,
    memberSince: row.createdAt.toISOString(),
  };
}

export function toAdminUserDto(row: UserRow): AdminUser {
  return { ...toUserDto(row), moderationNotes: row.moderationNotes, lastStatusReason: row.statusReason };
}
