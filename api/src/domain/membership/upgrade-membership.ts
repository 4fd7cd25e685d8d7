import { planFor, tierLabel, tierRank, type Tier } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/**
 * POST /api/upgrade-membership { tier }: never changes a tier by itself (only a paid invoice
 * grants one, DESIGN §7.13). For a tier the catalogue sells, above the member's own, it says
 * where the purchase continues; any other change (VIP, a downgrade) goes through support.
 */
export function upgradeMembership(caller: UserRow | null, tier: Tier): { next: string; message: string } {
  const user = requireUser(caller);
  const plan = planFor(tier, 'month');
  if (plan && tierRank(user.membershipTier) < tierRank(tier)) return { next: `/subscribe?plan=${plan}`, message: `Continue to payment to become a ${tierLabel(tier)} member.` };
  throw new AppError('bad_request', 'Only an upgrade to a plan we sell can be bought here. For any other change, please contact support: /membership#support');
}
