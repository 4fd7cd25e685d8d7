import type { Viewer } from '@app/shared';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from './user-dto.ts';

/**
 * The one vocabulary for who may do what; every route, socket handler and job asks these.
 * The pages only mirror them.
 */
export function requireUser(user: UserRow | null): UserRow {
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue.');
  return user;
}

export function requireAdmin(user: UserRow | null): UserRow {
  const u = requireUser(user);
  if (u.role !== 'admin') throw new AppError('forbidden', 'Admin access required.');
  return u;
}

/** Members under review may read but not post (DESIGN §7.8). */
export function requireCanPost(user: UserRow | null): UserRow {
  const u = requireUser(user);
  if (u.accountStatus === 'under_review') throw new AppError('forbidden', 'Your account is under review. You can read, but posting is paused for now.');
  return u;
}

export function toViewer(user: UserRow | null): Viewer {
  return user ? { tier: user.membershipTier, isAdmin: user.role === 'admin' } : null;
}
