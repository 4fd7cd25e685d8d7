// What follows from a catalogue (catalogue.ts): tier order and labels, the perk table `can` reads,
// the plans sold and their prices, store discounts, and the offer each viewer gets. A factory, so
// tests can derive the same rules from another list (a fourth tier); tiers.ts and plans.ts bind
// the real one. Zod-free: ships to browsers.
import { PERKS, type CatalogueList, type Perk, type TierEntry } from './catalogue.ts';
import { formatCents, roundHalfUp } from './money.ts';

export const BILLING_INTERVALS = ['month', 'year'] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

type TierOf<L extends CatalogueList> = L['tiers'][number]['id'];
type SoldOf<L extends CatalogueList> = Extract<L['tiers'][number], { sold: { monthlyCents: number } }>['id'];
/** "pro-month": every sold tier is sold by the month and by the year. */
export type PlanIdOf<L extends CatalogueList> = `${SoldOf<L>}-${BillingInterval}`;

export type Plan<T extends string = string> = { tier: T; interval: BillingInterval; cents: number; storeDiscount: number };

/** A plan's price in the forms copy uses: "$2.99/month" (label) and "$2.99 a month" (words). */
export type PlanPrice<P extends string = string> = { plan: P; interval: BillingInterval; cents: number; label: string; words: string };

/**
 * What to offer a viewer: the next tier up that is sold (its name, badge, prices, plans, the path
 * that buys it and what it brings), or, when nothing above is sold, the granted tier to ask about.
 */
export type Offer<T extends string = string, P extends string = string> =
  | { kind: 'upgrade'; tier: T; name: string; badge: string; pitch: readonly string[]; benefits: readonly string[]; storeDiscount: number; month: PlanPrice<P>; year: PlanPrice<P>; path: string }
  | { kind: 'ask'; tier: T; name: string; badge: string; path: string };

/** What an offer has to unlock: content of a tier, or a perk. */
export type Need<T extends string = string> = { tier: T } | { perk: Perk };

/** Where members ask about what is granted rather than sold. */
export const SUPPORT_PATH = '/membership#support';

/** "15%". */
export function formatPercent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** "Pro", "Pro and VIP", "Free, Pro or VIP". */
export function inWords(items: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}` : (items[0] ?? '');
}

type Sold = TierEntry & { sold: { monthlyCents: number } };
const isSold = (e: TierEntry): e is Sold => typeof e.sold === 'object' && e.sold !== null;

/** A list that breaks the rules below would make `can`, prices or offers wrong: refuse it at load. */
function check(list: CatalogueList): void {
  const [first, ...rest] = list.tiers;
  const fail = (why: string) => {
    throw new Error(`The catalogue is invalid: ${why}`);
  };
  if (!first || first.sold !== null) fail('the first tier is everyone’s, sold to no one');
  if (rest.some((e) => e.sold === null)) fail('every tier but the first is sold or granted');
  // Admin → Users grants one tier, and takes it back (POST /api/admin/users/{id}/vip).
  if (rest.filter((e) => e.sold === 'granted').length !== 1) fail('exactly one tier is granted: the one admins grant');
  if (new Set(list.tiers.map((e) => e.id)).size !== list.tiers.length) fail('tier ids repeat');
  for (const p of PERKS) if (list.tiers.filter((e) => e.perks.includes(p)).length !== 1) fail(`the perk ${p} is brought by exactly one tier`);
  let discount = false;
  for (const e of list.tiers) {
    discount ||= e.perks.includes('member-discount');
    if (discount !== e.storeDiscount > 0 || e.storeDiscount >= 1) fail(`${e.id}'s store discount goes with the member-discount perk`);
    if (isSold(e) && !(Number.isInteger(e.sold.monthlyCents) && e.sold.monthlyCents > 0)) fail(`${e.id}'s price is whole cents`);
  }
}

export function createCatalogue<const L extends CatalogueList>(list: L) {
  type T = TierOf<L>;
  type P = PlanIdOf<L>;
  check(list);
  const entries = list.tiers as readonly (TierEntry & { id: T })[];
  const tiers = entries.map((e) => e.id) as unknown as readonly [T, ...T[]];
  const entry = (tier: T) => entries.find((e) => e.id === tier)!;

  const tierRank = (tier: T): number => tiers.indexOf(tier);
  /** A tier for people: its name ("a Pro membership"), or the badge on content ("Premium"). */
  const tierLabel = (tier: T, form: 'name' | 'badge' = 'name'): string => entry(tier)[form];
  /** The lowest tier for each perk. */
  const perkTier = Object.fromEntries(PERKS.map((p) => [p, entries.find((e) => e.perks.includes(p))!.id])) as Record<Perk, T>;
  const hasPerk = (tier: T, perk: Perk) => tierRank(tier) >= tierRank(perkTier[perk]);
  /** The tiers that have `perk`, lowest first. */
  const tiersWith = (perk: Perk): T[] => tiers.filter((t) => hasPerk(t, perk));

  const yearly = (monthlyCents: number) => roundHalfUp(monthlyCents * 12 * (1 - list.yearlyDiscount));
  /** Every plan sold, by id. A subscription records its plan id; the plan decides the member's tier. */
  const plans = {} as Record<P, Plan<T>>;
  for (const e of entries.filter(isSold)) {
    for (const interval of BILLING_INTERVALS) {
      plans[`${e.id}-${interval}` as P] = { tier: e.id, interval, cents: interval === 'month' ? e.sold.monthlyCents : yearly(e.sold.monthlyCents), storeDiscount: e.storeDiscount };
    }
  }
  const planIds = Object.keys(plans) as [P, ...P[]];
  /** What /subscribe sells when no plan is named: the lowest sold tier, by the month. */
  const defaultPlan: P = planIds[0];

  const isGrantedTier = (tier: T): boolean => entry(tier).sold === 'granted';
  const isPlanId = (value: unknown): value is P => typeof value === 'string' && Object.hasOwn(plans, value);
  const planFor = (tier: T, interval: BillingInterval): P | null => planIds.find((id) => plans[id].tier === tier && plans[id].interval === interval) ?? null;
  const formatPlanPrice = (id: P): string => `${formatCents(plans[id].cents)}/${plans[id].interval}`;
  const planPriceInWords = (id: P = defaultPlan): string => `${formatCents(plans[id].cents)} a ${plans[id].interval}`;
  const subscribePath = (id: P | null): string => (!id || id === defaultPlan ? '/subscribe' : `/subscribe?plan=${id}`);
  const storeDiscountFor = (tier: T): number => entry(tier).storeDiscount;
  const price = (id: P): PlanPrice<P> => ({ plan: id, interval: plans[id].interval, cents: plans[id].cents, label: formatPlanPrice(id), words: planPriceInWords(id) });

  /**
   * What to offer a viewer of `viewerTier` (null: a visitor, offered what a free member is): the
   * lowest tier above theirs that is sold and gives what `need` asks (a tier's content or a perk),
   * else the lowest such tier that is granted, to ask about; null when the viewer has it already or
   * nothing above gives it.
   */
  function offerFor(viewerTier: T | null, need?: Need<T>): Offer<T, P> | null {
    const floor = viewerTier === null ? 0 : tierRank(viewerTier);
    const gives = (e: TierEntry & { id: T }) => !need || ('tier' in need ? tierRank(e.id) >= tierRank(need.tier) : hasPerk(e.id, need.perk));
    if (need && viewerTier !== null && gives(entry(viewerTier))) return null;
    const above = entries.filter((e) => tierRank(e.id) > floor && gives(e));
    const sold = above.find(isSold) as (Sold & { id: T }) | undefined;
    if (sold) {
      const month = price(planFor(sold.id, 'month')!);
      return { kind: 'upgrade', tier: sold.id, name: sold.name, badge: sold.badge, pitch: sold.pitch, benefits: sold.benefits, storeDiscount: sold.storeDiscount, month, year: price(planFor(sold.id, 'year')!), path: subscribePath(month.plan) };
    }
    const granted = above.find((e) => e.sold === 'granted');
    return granted ? { kind: 'ask', tier: granted.id, name: granted.name, badge: granted.badge, path: SUPPORT_PATH } : null;
  }

  return {
    list,
    tiers,
    paidContent: list.paidContent,
    yearlyDiscount: list.yearlyDiscount,
    tierRank,
    tierLabel,
    perkTier,
    tiersWith,
    /** The tiers that are sold, lowest first. */
    soldTiers: tiers.filter((t) => isSold(entry(t))),
    /** The tier admins grant (Admin → Users), never bought. */
    grantedTier: tiers.find(isGrantedTier)!,
    plans,
    planIds,
    defaultPlan,
    isGrantedTier,
    isPlanId,
    planFor,
    formatPlanPrice,
    planPriceInWords,
    subscribePath,
    storeDiscountFor,
    offerFor,
    /** A tier's benefits, the pitch and the price of its plans: for the tier's own card or summary. */
    entry: (tier: T): Readonly<TierEntry> => entry(tier),
    /** What `tier` costs per `interval` (0 for the free tier and anything not sold). */
    tierPrice: (tier: T, interval: BillingInterval): number => {
      const id = planFor(tier, interval);
      return id ? plans[id].cents : 0;
    },
    /** The highest tier the given plans pay for; the first tier when none is known. */
    tierPaidFor: (ids: readonly string[]): T => ids.filter(isPlanId).reduce<T>((best, id) => (tierRank(plans[id].tier) > tierRank(best) ? plans[id].tier : best), tiers[0]),
    /** A plan's price spread over its months, for monthly recurring revenue. */
    monthlyCents: (id: P): number => (plans[id].interval === 'year' ? plans[id].cents / 12 : plans[id].cents),
    /**
     * What unlocks a set of articles (a category page's upsell), from the tiers they require: the
     * highest tier any of them needs (`all`), the highest of those that is sold (`sold`, what an
     * "Upgrade" button may offer) and the highest granted one (`granted`, which no button can sell).
     */
    unlockFor: (required: readonly T[]): { all: T | null; sold: T | null; granted: T | null } => {
      const needed = [...new Set(required)].filter((t) => tierRank(t) > 0).sort((a, b) => tierRank(b) - tierRank(a));
      return { all: needed[0] ?? null, sold: needed.find((t) => !isGrantedTier(t) && planFor(t, 'month') !== null) ?? null, granted: needed.find((t) => isGrantedTier(t)) ?? null };
    },
    /** Who saves what in the store, in words: "Pro and VIP members save 15%" (tiers with one rate grouped). */
    storeDiscountInWords: (): string => {
      const byRate = new Map<number, string[]>();
      for (const t of tiers) if (storeDiscountFor(t) > 0) byRate.set(storeDiscountFor(t), [...(byRate.get(storeDiscountFor(t)) ?? []), tierLabel(t)]);
      return inWords([...byRate].map(([rate, names]) => `${inWords(names)} members save ${formatPercent(rate)}`));
    },
  };
}

export type Catalogue<L extends CatalogueList = CatalogueList> = ReturnType<typeof createCatalogue<L>>;
