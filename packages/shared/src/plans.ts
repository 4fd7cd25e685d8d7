// The plan catalogue (DESIGN §7.1, §7.4, §7.17): what is sold, for how much, what each tier gets
// in the store, and what each viewer is offered — all read from the one catalogue (catalogue.ts).
// Pages, mails, the payment providers, revenue figures and the store's discount read it; the CMS
// holds only the plans' marketing copy, and the API maps each plan to its payment provider's
// price (api/src/config.ts). Zod-free: ships to browsers.
import type { Offer, PlanPrice, Need } from './tier-catalogue.ts';
import { catalogue, type Tier } from './tiers.ts';

export { BILLING_INTERVALS, formatPercent, inWords, SUPPORT_PATH, type BillingInterval, type Plan } from './tier-catalogue.ts';

/** A year costs twelve months less this ("Save 15%"). */
export const YEARLY_DISCOUNT = catalogue.yearlyDiscount;

/** Every plan sold, by id. A subscription records its plan id; the plan decides the member's tier. */
export const PLANS = catalogue.plans;
export type PlanId = keyof typeof PLANS;
export const PLAN_IDS = catalogue.planIds;
/** What /subscribe sells when no plan is named. */
export const DEFAULT_PLAN: PlanId = catalogue.defaultPlan;
/** The tiers that are sold, lowest first. */
export const SOLD_TIERS: readonly Tier[] = catalogue.soldTiers;
/** The tier admins grant (Admin → Users) and the first admin is given: never bought. */
export const GRANTED_TIER: Tier = catalogue.grantedTier;
/** The tier /subscribe sells when nothing more particular is asked for. */
export const DEFAULT_SOLD_TIER: Tier = PLANS[DEFAULT_PLAN].tier;

export type TierOffer = Offer<Tier, PlanId>;
export type TierPrice = PlanPrice<PlanId>;
export type TierNeed = Need<Tier>;

export const {
  /** Whether `tier` is granted by our team rather than bought (payments never change it). */
  isGrantedTier,
  isPlanId,
  /** The plan selling `tier` billed every `interval`, if there is one. */
  planFor,
  tierPrice,
  tierPaidFor,
  monthlyCents,
  /** The share a member of `tier` saves in the store: one number per tier, in the catalogue. */
  storeDiscountFor,
  /** "$2.99/month", "$30.50/year". */
  formatPlanPrice,
  /** A plan's price in words for copy: "$2.99 a month". */
  planPriceInWords,
  /** Where buying a plan starts: /subscribe sells the default plan, others are named (`?plan=pro-year`). */
  subscribePath,
  unlockFor,
  storeDiscountInWords,
  /** What to offer a viewer of a tier (null: a visitor): the next sold tier up, or the granted one to ask about. */
  offerFor,
} = catalogue;
