import { can, viewerOf, type Action, type Resource, type Viewer } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from './user-dto.ts';

/**
 * The API's side of the one permission vocabulary (`can` in @app/shared): every route, socket
 * handler and job asks these, and they throw the error the caller should see.
 */
export function toViewer(user: UserRow | null): Viewer {
  return viewerOf(user);
}

export function requireUser(user: UserRow | null): UserRow {
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue.');
  return user;
}

const REFUSALS: Record<Exclude<Action, 'read'>, string> = {
  post: 'Your account is under review. You can read, but posting is paused for now.',
  moderate: 'Admin access required.',
  comment: 'Commenting is for Pro members. Upgrade your membership to join the conversation.',
  'create-room': 'Pro or VIP membership required',
  'member-discount': 'The member discount is for Pro and VIP members.',
  'ad-free': 'Ad-free reading is for Pro and VIP members.',
};

/** The signed-in user, if they may do the action; else 401 (visitor) or 403 with the reason. */
export function requirePermission(user: UserRow | null, action: Exclude<Action, 'read'>): UserRow {
  const u = requireUser(user);
  const viewer = viewerOf(u);
  if (can(viewer, action)) return u;
  // Someone under review who may otherwise post learns why; others learn what they lack.
  const reason = action !== 'moderate' && !can(viewer, 'post') ? REFUSALS.post : REFUSALS[action];
  throw new AppError('forbidden', reason);
}

export function requireAdmin(user: UserRow | null): UserRow {
  return requirePermission(user, 'moderate');
}

/** Reading content above the viewer's tier is refused with 403 (the content exists; the tier is short). */
export function requireReadable(user: UserRow | null, resource: Resource, message: string): void {
  if (!can(viewerOf(user), 'read', resource)) throw new AppError('forbidden', message);
}
