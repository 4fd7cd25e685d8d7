import { z } from 'zod';
import { TierSchema } from './content.ts';
import { BILLING_INTERVALS } from './money.ts';

/** POST /api/subscription/create */
export const StartSubscriptionSchema = z.object({ interval: z.enum(BILLING_INTERVALS).default('month') });

/** POST /api/subscription/demo/confirm: the demo provider's card form (never stored or logged). */
export const DemoPaymentSchema = z.object({
  clientSecret: z.string().min(10).max(200),
  cardNumber: z.string().trim().min(1, 'Card number is required').max(30),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  cvc: z.string().trim().min(1, 'CVC is required').max(4),
});
export type DemoPaymentInput = z.infer<typeof DemoPaymentSchema>;

/** POST /api/upgrade-membership */
export const UpgradeMembershipSchema = z.object({ tier: TierSchema });

/** GET /api/subscriptions: the signed-in member's membership. */
export type SubscriptionInfo = {
  active: boolean;
  autoRenew: boolean;
  endDate: string | null;
  status: 'none' | 'incomplete' | 'active' | 'past_due' | 'canceled' | (string & {});
  tier: 'free' | 'pro' | 'vip';
  provider: 'stripe' | 'demo' | null;
  interval: 'month' | 'year' | null;
};
