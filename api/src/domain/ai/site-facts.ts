import { FREE_SHIPPING_FROM_CENTS, formatCents, formatPercent, PLANS, SHIPPING_CENTS, storeDiscountFor, TAX_RATE, tierLabel, TIERS, YEARLY_DISCOUNT, type Tier } from '@app/shared/browser';
import type { AssistantDocument } from './assistant-documents.ts';

/** What the assistant reads of the plan catalogue (packages/shared): the plans sold, the yearly saving and each tier's store discount. */
export type PlanCatalogue = {
  plans: Readonly<Record<string, { tier: Tier; interval: 'month' | 'year'; cents: number }>>;
  yearlyDiscount: number;
  storeDiscountFor(tier: Tier): number;
};

/** The site's own catalogue. */
export const SITE_CATALOGUE: PlanCatalogue = { plans: PLANS, yearlyDiscount: YEARLY_DISCOUNT, storeDiscountFor };

const list = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? ''));

function fact(id: string, title: string, url: string, about: string, answer: string): AssistantDocument {
  return { key: `fact:${id}`, kind: 'fact', title, url, membershipRequired: TIERS[0], summary: about, labels: [], blocks: [{ heading: null, text: answer }], blocksArePublic: true, answer };
}

function membershipPrices(catalogue: PlanCatalogue): string {
  const plans = Object.values(catalogue.plans);
  const sold = TIERS.filter((t) => plans.some((p) => p.tier === t));
  const price = (tier: Tier, interval: 'month' | 'year') => plans.find((p) => p.tier === tier && p.interval === interval);
  const sentences = sold.map((tier) => {
    const month = price(tier, 'month');
    const year = price(tier, 'year');
    const parts = [month && `${formatCents(month.cents)} a month`, year && `${formatCents(year.cents)} a year`].filter(Boolean);
    const saving = month && year && catalogue.yearlyDiscount > 0 ? ` (a year saves ${formatPercent(catalogue.yearlyDiscount)})` : '';
    return `${tierLabel(tier)} costs ${parts.join(' or ')}${saving}.`;
  });
  const [everyone, ...above] = TIERS;
  const granted = above.filter((t) => !sold.includes(t));
  if (granted.length) sentences.push(`${list(granted.map((t) => tierLabel(t)))} ${granted.length > 1 ? 'are' : 'is'} not sold: our team grants it.`);
  sentences.push(`${tierLabel(everyone)} membership costs nothing.`);
  return sentences.join(' ');
}

function storeDiscounts(catalogue: PlanCatalogue): string {
  const byShare = new Map<number, Tier[]>();
  for (const t of TIERS) {
    const share = catalogue.storeDiscountFor(t);
    if (share > 0) byShare.set(share, [...(byShare.get(share) ?? []), t]);
  }
  if (byShare.size === 0) return 'The store has no member discount.';
  const parts = [...byShare].map(([share, tiers]) => `${list(tiers.map((t) => tierLabel(t)))} members save ${formatPercent(share)}`);
  return `${list(parts)} on everything in the store; the discount is its own line on the order.`;
}

/**
 * What the site knows for certain (issue 38 #2), written from the plan catalogue and the store's
 * constants at the moment of asking — never a paragraph that merely shares a word: membership
 * prices, the store's member discount, shipping and tax. Each is a document the assistant ranks
 * like any other (by its words and by meaning), answered with its own sentence and linked.
 */
export function siteFacts(catalogue: PlanCatalogue = SITE_CATALOGUE): AssistantDocument[] {
  return [
    fact('membership-prices', 'Membership prices', '/membership', 'What a membership plan costs to subscribe: the price by the month or by the year.', membershipPrices(catalogue)),
    fact('store-discount', 'Member discount in the store', '/store', 'How much members save on store purchases.', storeDiscounts(catalogue)),
    fact('shipping', 'Shipping', '/store', 'What delivery of a store order costs, and when it is free.', `Shipping costs ${formatCents(SHIPPING_CENTS)} an order, and is free when the order comes to ${formatCents(FREE_SHIPPING_FROM_CENTS)} or more after any member discount.`),
    fact('tax', 'Sales tax', '/store', 'The tax charged on store purchases.', `${formatPercent(TAX_RATE)} tax is added to every store order, on the subtotal after any member discount.`),
  ];
}
