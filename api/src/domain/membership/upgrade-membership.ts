import type { Tier } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/**
 * POST /api/upgrade-membership { tier }: never changes a tier by itself (only a paid invoice
 * grants one, DESIGN §7.13). For Pro it says where the purchase continues; VIP and any other
 * change go through support.
 */
export function upgradeMembership(caller: UserRow | null, tier: Tier): { next: string; message: string } {
  const user = requireUser(caller);
  if (tier === 'pro' && user.membershipTier === 'free') return { next: '/subscribe', message: 'Continue to payment to become a Pro member.' };
  throw new AppError('bad_request', 'Only an upgrade from Free to Pro can be bought here. For any other change, please contact support: /membership#support');
}
