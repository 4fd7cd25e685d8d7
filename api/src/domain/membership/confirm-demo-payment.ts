import { isPlanId, PLANS, tierLabel, tierRank } from '@app/shared/browser';
import type { DemoPaymentInput } from '@app/shared/schemas';
import { and, eq } from 'drizzle-orm';
import { subscriptions } from '../../db/schema/index.ts';
import type { DemoProvider } from '../ports/payment-provider.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { handlePaymentEvent } from './handle-payment-event.ts';
import type { MembershipDeps } from './membership-deps.ts';
import { withPaymentErrors } from './payment-errors.ts';

/**
 * POST /api/subscription/demo/confirm: the demo provider's payment. The card goes to the
 * provider and nowhere else (never stored or logged); its verdict comes back as a payment event
 * and is handled exactly as Stripe's webhook would be. A client secret works only for the member
 * who started the subscription, and an unpaid subscription is not paid for a member who already
 * has its tier (another subscription pays for it), nor once a newer one replaced it.
 */
export async function confirmDemoPayment(deps: MembershipDeps & { demo: DemoProvider }, caller: UserRow | null, input: DemoPaymentInput): Promise<{ status: 'succeeded' }> {
  const user = requireUser(caller);
  const { clientSecret, ...card } = input;
  const [mine] = await deps.db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.provider, 'demo'), eq(subscriptions.clientSecret, clientSecret)));
  if (!mine) throw new AppError('not_found', 'This payment could not be found. Please start again from the subscribe page.');
  if (mine.status === 'canceled') throw new AppError('conflict', 'This payment was replaced by a newer one and was not taken. Please start again from the subscribe page.');
  if (mine.status === 'incomplete') {
    if (!isPlanId(mine.plan)) throw new AppError('not_found', 'This plan is no longer sold. Please start again from the subscribe page.');
    if (tierRank(user.membershipTier) >= tierRank(PLANS[mine.plan].tier)) {
      throw new AppError('conflict', `You are already a ${tierLabel(user.membershipTier)} member, so this payment was not taken. Manage your membership from your profile.`);
    }
  }
  return withPaymentErrors(deps.logger, async () => {
    const event = await deps.demo.confirmPayment(clientSecret, card);
    await handlePaymentEvent(deps, event);
    if (event.type === 'invoice.payment_failed') throw new AppError('payment_required', event.failureMessage ?? 'Your card was declined.');
    return { status: 'succeeded' as const };
  });
}
