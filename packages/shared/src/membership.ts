import { z } from 'zod';
import { TierSchema } from './content.ts';
import { DEFAULT_PLAN, PLAN_IDS, type BillingInterval, type PlanId } from './plans.ts';
import type { Tier } from './tiers.ts';

/** POST /api/subscription/create: the catalogue's plan to buy. */
export const StartSubscriptionSchema = z.object({ plan: z.enum(PLAN_IDS).default(DEFAULT_PLAN) });

/** POST /api/subscription/create's answer: the secret the payment form confirms with. */
export type StartedSubscription = { clientSecret: string; provider: 'stripe' | 'demo'; plan: PlanId; publishableKey?: string };

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

/** A subscription that can still charge the member: paid and renewing, or waiting for its first payment. */
export type ChargingSubscription = {
  plan: PlanId | null;
  status: string;
  /** When it next charges (a paid one), or null while it waits for its first payment. */
  renewsOn: string | null;
  provider: 'stripe' | 'demo';
};

/** GET /api/subscriptions: the signed-in member's membership. */
export type SubscriptionInfo = {
  active: boolean;
  autoRenew: boolean;
  endDate: string | null;
  status: 'none' | 'incomplete' | 'active' | 'past_due' | 'canceled' | (string & {});
  tier: Tier;
  provider: 'stripe' | 'demo' | null;
  interval: BillingInterval | null;
  plan: PlanId | null;
  /** Every subscription of the member's that can still charge them (the profile lists them all). */
  charging: ChargingSubscription[];
};

/** GET /api/admin/membership: Admin → Members & Revenue. */
export type MembershipOverview = {
  /** Members of each tier. */
  members: Record<Tier, number>;
  /** Monthly recurring revenue in cents: each renewing subscription at its plan's price spread over its months. */
  mrrCents: number;
  /** Renewing subscriptions and their monthly revenue, per plan of the catalogue. */
  plans: { plan: PlanId; subscribers: number; mrrCents: number }[];
  recentEvents: { id: string; type: string; receivedAt: string; summary: { outcome?: string; userId?: number; amountCents?: number | null; message?: string | null } }[];
  failedPayments: { id: number; username: string; amountCents: number; createdAt: string }[];
};
