// The plan catalogue (DESIGN §7.1, §7.4, §7.17): the one place that says what is sold, for how
// much, and what each tier gets in the store. Pages, mails, the payment providers, revenue figures
// and the store's discount all read it; the CMS holds only the plans' marketing copy, and the API
// maps each plan to its payment provider's price (api/src/config.ts). Zod-free: ships to browsers.
import { formatCents, roundHalfUp } from './money.ts';
import { tierLabel, tierRank, TIERS, type Tier } from './tiers.ts';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** A year costs twelve months less this ("Save 15%"). */
export const YEARLY_DISCOUNT = 0.15;
/** What paid members save in the store (DESIGN §7.4). */
const MEMBER_STORE_DISCOUNT = 0.15;
const PRO_MONTHLY_CENTS = 299;

export type Plan = { tier: Tier; interval: BillingInterval; cents: number; storeDiscount: number };

const yearly = (monthlyCents: number) => roundHalfUp(monthlyCents * 12 * (1 - YEARLY_DISCOUNT));

/** Every plan sold, by id. A subscription records its plan id; the plan decides the member's tier. */
export const PLANS = {
  'pro-month': { tier: 'pro', interval: 'month', cents: PRO_MONTHLY_CENTS, storeDiscount: MEMBER_STORE_DISCOUNT },
  'pro-year': { tier: 'pro', interval: 'year', cents: yearly(PRO_MONTHLY_CENTS), storeDiscount: MEMBER_STORE_DISCOUNT },
} satisfies Record<string, Plan>;

export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = Object.keys(PLANS) as [PlanId, ...PlanId[]];
/** What /subscribe sells when no plan is named. */
export const DEFAULT_PLAN: PlanId = 'pro-month';

/** Tiers our team grants instead of selling (DESIGN §7.1), and what they get in the store. */
const GRANTED_TIERS: Partial<Record<Tier, { storeDiscount: number }>> = {
  vip: { storeDiscount: MEMBER_STORE_DISCOUNT },
};

/** Whether `tier` is granted by our team rather than bought (payments never change it). */
export function isGrantedTier(tier: Tier): boolean {
  return GRANTED_TIERS[tier] !== undefined;
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}

export function planOf(id: PlanId): Plan {
  return PLANS[id];
}

/** The plan selling `tier` billed every `interval`, if there is one. */
export function planFor(tier: Tier, interval: BillingInterval): PlanId | null {
  return PLAN_IDS.find((id) => PLANS[id].tier === tier && PLANS[id].interval === interval) ?? null;
}

/** What `tier` costs per `interval` (0 for the free tier and anything not sold). */
export function tierPrice(tier: Tier, interval: BillingInterval): number {
  const id = planFor(tier, interval);
  return id ? PLANS[id].cents : 0;
}

/** The highest tier the given plans pay for; free when none is known. */
export function tierPaidFor(planIds: readonly string[]): Tier {
  return planIds.filter(isPlanId).reduce<Tier>((best, id) => (tierRank(PLANS[id].tier) > tierRank(best) ? PLANS[id].tier : best), 'free');
}

/** A plan's price spread over its months, for monthly recurring revenue. */
export function monthlyCents(id: PlanId): number {
  const plan = PLANS[id];
  return plan.interval === 'year' ? plan.cents / 12 : plan.cents;
}

/** The share a member of `tier` saves in the store: a granted tier's own, else the best of its plans'. */
export function storeDiscountFor(tier: Tier): number {
  const granted = GRANTED_TIERS[tier]?.storeDiscount;
  if (granted !== undefined) return granted;
  return Math.max(0, ...PLAN_IDS.filter((id) => PLANS[id].tier === tier).map((id) => PLANS[id].storeDiscount));
}

/** "15%". */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** "$2.99/month", "$30.50/year". */
export function formatPlanPrice(id: PlanId): string {
  return `${formatCents(PLANS[id].cents)}/${PLANS[id].interval}`;
}

/** A plan's price in words for copy: "$2.99 a month". */
export function planPriceInWords(id: PlanId = DEFAULT_PLAN): string {
  return `${formatCents(PLANS[id].cents)} a ${PLANS[id].interval}`;
}

/** The tiers that save in the store, in words: "Pro and VIP". */
export function discountedTiersInWords(): string {
  const names = TIERS.filter((t) => storeDiscountFor(t) > 0).map((t) => tierLabel(t));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? '');
}

/** Where buying a plan starts: /subscribe sells the default plan, others are named (`?plan=pro-year`). */
export function subscribePath(id: PlanId | null): string {
  return !id || id === DEFAULT_PLAN ? '/subscribe' : `/subscribe?plan=${id}`;
}

/**
 * What unlocks a set of articles (a category page's upsell), from the tiers they require: the
 * highest tier any of them needs (`all`), the highest of those that is sold (`sold`, what an
 * "Upgrade" button may offer) and the highest granted one (`granted`, which no button can sell).
 * Null parts are not needed: a category whose only locked article is VIP has `sold: null`.
 */
export function unlockFor(required: readonly Tier[]): { all: Tier | null; sold: Tier | null; granted: Tier | null } {
  const needed = [...new Set(required)].filter((t) => tierRank(t) > 0).sort((a, b) => tierRank(b) - tierRank(a));
  return {
    all: needed[0] ?? null,
    sold: needed.find((t) => !isGrantedTier(t) && planFor(t, 'month') !== null) ?? null,
    granted: needed.find((t) => isGrantedTier(t)) ?? null,
  };
}

/** The tier /subscribe sells when nothing more particular is asked for. */
export const DEFAULT_SOLD_TIER: Tier = PLANS[DEFAULT_PLAN].tier;
