import { awaitsSecondFactor, can, inWords, PERK_TIER, tierLabel, tiersWith, viewerOf, type Action, type Owned, type OwnedAction, type Perk, type Resource } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from './user-dto.ts';
import type { SessionUser } from './sessions.ts';
import { requireRecentSecondFactor, SET_UP_MESSAGE, STEP_UP_MESSAGE } from '../second-factor/step-up.ts';

/**
 * The API's side of the one permission vocabulary (`can` in @app/shared): every route, socket
 * handler and job asks these, and they throw the error the caller should see.
 */
export function requireUser(user: UserRow | null): UserRow {
  if (!user) throw new AppError('unauthorized', 'Please sign in to continue.');
  return user;
}

type PlainAction = Exclude<Action, 'read' | 'delete' | OwnedAction>;

/** Who has a perk, in words, from the catalogue: "Pro and VIP", "Pro or VIP". */
const holders = (perk: Perk, conjunction: 'and' | 'or' = 'and') => inWords(tiersWith(perk).map((t) => tierLabel(t)), conjunction);

const REFUSALS: Record<PlainAction, string> = {
  post: 'Your account is under review. You can read, but posting is paused for now.',
  moderate: 'Moderator access required.',
  administer: 'Admin access required.',
  comment: `Commenting is for ${tierLabel(PERK_TIER.comment)} members. Upgrade your membership to join the conversation.`,
  'create-room': `${holders('create-room', 'or')} membership required`,
  'member-discount': `The member discount is for ${holders('member-discount')} members.`,
  'ad-free': `Ad-free reading is for ${holders('ad-free')} members.`,
  'public-profile': `A shareable profile is for ${holders('public-profile')} members. Upgrade your membership to share yours.`,
};

const STAFF_POWERS: PlainAction[] = ['moderate', 'administer'];

/** The signed-in user, if they may do the action; else 401 (visitor) or 403 with the reason. */
export function requirePermission(user: UserRow | null, action: PlainAction): UserRow {
  const u = requireUser(user);
  const viewer = viewerOf(u);
  if (can(viewer, action)) return u;
  // Staff whose session has not passed a second factor learn what to do (issue 52 #3).
  if (awaitsSecondFactor(viewer) && can({ ...viewer!, secondFactor: true }, action)) throw secondFactorRefusal(u);
  // Someone under review who may otherwise post learns why; others learn what they lack.
  const reason = !STAFF_POWERS.includes(action) && !can(viewer, 'post') ? REFUSALS.post : REFUSALS[action];
  throw new AppError('forbidden', reason);
}

/** The signed-in user, if they may do the action to something someone wrote; else 401 or 403 with `message`. */
export function requireAllowed(user: UserRow | null, action: OwnedAction, item: Owned, message: string): UserRow {
  const u = requireUser(user);
  if (!can(viewerOf(u), action, item)) throw new AppError('forbidden', message);
  return u;
}

/** Reading content above the viewer's tier is refused with 403 (the content exists; the tier is short). */
export function requireReadable(user: UserRow | null, resource: Resource, message: string): void {
  if (!can(viewerOf(user), 'read', resource)) throw new AppError('forbidden', message);
}

/**
 * A dangerous use of a power (deleting or banning a member, changing a role, every export, a
 * newsletter, deploying or rolling back, settings; issue 52 #4): the permission, and this session's
 * second factor within the last 10 minutes — else 403 `second_factor_required`, and the page asks
 * for it and retries.
 */
export function requireDangerousPermission(user: UserRow | null, action: PlainAction): UserRow {
  const u = requirePermission(user, action);
  requireRecentSecondFactor(u);
  return u;
}

/** Why staff powers wait: no second factor yet (set one up), or this session has not passed it (confirm it). */
function secondFactorRefusal(user: UserRow): AppError {
  if (!(user as Partial<SessionUser>).hasSecondFactor) return new AppError('second_factor_setup_required', SET_UP_MESSAGE);
  return new AppError('second_factor_required', STEP_UP_MESSAGE);
}

/** Admin powers (users, VIP, revenue, orders, sync…): `requirePermission(user, 'administer')`. */
export function requireAdmin(user: UserRow | null): UserRow {
  return requirePermission(user, 'administer');
}
