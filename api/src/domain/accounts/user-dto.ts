import { isAdminRole } from '@app/shared/browser';
import type { AdminUser, User } from '@app/shared/schemas';
import type { users } from '../../db/schema/index.ts';
import type { SessionUser } from './sessions.ts';

export type UserRow = typeof users.$inferSelect;

/**
 * The user as the browser reads it; never the row (no hash, no notes). `avatar` (spec 02 §3) is the
 * member's picture in our media, null when they have none; `avatarUrl` (spec 01 §3) names the same.
 */
export function toUserDto(row: UserRow): User {
  // A session's caller also says where their second factor stands (sessions.ts SessionUser).
  const session = row as Partial<SessionUser>;
  const factor = session.secondFactorVerified === undefined ? {} : { hasSecondFactor: Boolean(session.hasSecondFactor), secondFactorVerified: session.secondFactorVerified };
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName || row.username,
    email: row.email,
    avatar: row.avatarKey ? row.avatarUrl : null,
    avatarUrl: row.avatarUrl,
    membershipTier: row.membershipTier,
    isAdmin: isAdminRole(row.role),
    role: row.role,
    accountStatus: row.accountStatus,
    emailConfirmed: row.emailConfirmedAt !== null,
    memberSince: row.createdAt.toISOString(),
    ...factor,
  };
}

/** The account row's part of what admins see (domain/admin/member-facts.ts adds the rest). */
export function toAdminUserDto(row: UserRow): Omit<AdminUser, 'lastSeenAt' | 'plan'> {
  return { ...toUserDto(row), moderationNotes: row.moderationNotes, lastStatusReason: row.statusReason };
}
