import { PLUS_CATALOGUE } from '@app/test-support/plus-catalogue';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, type CatalogueList } from './catalogue.ts';
import { createCatalogue, type Need, type Offer } from './tier-catalogue.ts';

const real = createCatalogue(CATALOGUE);
const plus = createCatalogue(PLUS_CATALOGUE);

/** An offer as one line of copy: what a banner, button or benefit list would say. */
function said(c: { offerFor: unknown }, viewer: string | null, need?: Need): string {
  const o = (c.offerFor as (viewer: string | null, need?: Need) => Offer | null)(viewer, need);
  if (!o) return 'nothing to offer';
  if (o.kind === 'ask') return `Ask about ${o.name} at ${o.path}`;
  return `Upgrade to ${o.name} (${o.badge} articles) for ${o.month.label} or ${o.year.words} at ${o.path}: ${o.benefits.join('; ')}`;
}

describe('every offer for every tier', () => {
  it('offers visitors and free members Pro, Pro members VIP through support, and VIPs nothing (the real catalogue)', () => {
    const pro = 'Upgrade to Pro (Premium articles) for $2.99/month or $30.50 a year at /subscribe: Full access to premium articles; Enhanced profile features with upload and share; Premium chat rooms; Ad-free experience';
    expect([null, ...real.tiers].map((t) => said(real, t))).toEqual([pro, pro, 'Ask about VIP at /membership#support', 'nothing to offer']);
  });

  it('offers the next sold tier up with a fourth tier, and what gives a perk or unlocks a tier when asked', () => {
    const plusOffer = 'Upgrade to Plus (Plus articles) for $4.99/month or $50.90 a year at /subscribe: Every Plus article; Ad-free reading; 10% off in the store';
    const proOffer = 'Upgrade to Pro (Premium articles) for $2.99/month or $30.50 a year at /subscribe?plan=pro-month: Full access to premium articles; Enhanced profile features with upload and share; Premium chat rooms; Ad-free experience';
    expect([null, ...plus.tiers].map((t) => said(plus, t))).toEqual([plusOffer, plusOffer, proOffer, 'Ask about VIP at /membership#support', 'nothing to offer']);
    // Comments are Pro's, so a free member who wants them is offered Pro, not Plus; VIP content is asked about.
    expect(said(plus, 'free', { perk: 'comment' })).toBe(proOffer);
    expect(said(plus, null, { perk: 'member-discount' })).toBe(plusOffer);
    expect(said(plus, 'free', { tier: 'pro' })).toBe(proOffer);
    expect(said(plus, 'plus', { tier: 'vip' })).toBe('Ask about VIP at /membership#support');
    expect(said(plus, 'pro', { tier: 'plus' })).toBe('nothing to offer');
  });
});

describe('what derives from the list', () => {
  it('orders the tiers, names and badges them, and gives each perk its lowest tier', () => {
    expect(plus.tiers).toEqual(['free', 'plus', 'pro', 'vip']);
    expect(plus.tiers.map((t) => `${plus.tierLabel(t)}/${plus.tierLabel(t, 'badge')}`)).toEqual(['Free/Free', 'Plus/Plus', 'Pro/Premium', 'VIP/VIP']);
    expect(plus.perkTier).toEqual({ comment: 'pro', 'create-room': 'pro', 'member-discount': 'plus', 'ad-free': 'plus', 'public-profile': 'pro' });
    expect(real.perkTier).toEqual({ comment: 'pro', 'create-room': 'pro', 'member-discount': 'pro', 'ad-free': 'pro', 'public-profile': 'pro' });
    expect(plus.tiersWith('ad-free')).toEqual(['plus', 'pro', 'vip']);
  });

  it('sells each sold tier by the month and the year, Plus first by default, and never a granted tier', () => {
    expect(plus.plans).toEqual({
      'plus-month': { tier: 'plus', interval: 'month', cents: 499, storeDiscount: 0.1 },
      'plus-year': { tier: 'plus', interval: 'year', cents: 5090, storeDiscount: 0.1 },
      'pro-month': { tier: 'pro', interval: 'month', cents: 299, storeDiscount: 0.15 },
      'pro-year': { tier: 'pro', interval: 'year', cents: 3050, storeDiscount: 0.15 },
    });
    expect([plus.defaultPlan, plus.subscribePath('plus-month'), plus.subscribePath('pro-year')]).toEqual(['plus-month', '/subscribe', '/subscribe?plan=pro-year']);
    expect([plus.isGrantedTier('vip'), plus.planFor('vip', 'month'), plus.tierPaidFor(['plus-year', 'pro-month'])]).toEqual([true, null, 'pro']);
    expect(plus.soldTiers).toEqual(['plus', 'pro']);
  });

  it('keeps one store discount per tier: VIP at 20% is one number in the list, and the store says who saves what', () => {
    expect(real.storeDiscountInWords()).toBe('Pro and VIP members save 15%');
    expect(plus.tiers.map((t) => plus.storeDiscountFor(t))).toEqual([0, 0.1, 0.15, 0.2]);
    expect(plus.storeDiscountInWords()).toBe('Plus members save 10%, Pro members save 15% and VIP members save 20%');
    const vip20 = createCatalogue({ ...CATALOGUE, tiers: CATALOGUE.tiers.map((t) => (t.id === 'vip' ? { ...t, storeDiscount: 0.2 } : t)) });
    expect([vip20.storeDiscountFor('pro'), vip20.storeDiscountFor('vip'), vip20.storeDiscountInWords()]).toEqual([0.15, 0.2, 'Pro members save 15% and VIP members save 20%']);
  });

  it('names the one tier admins grant, and refuses a list with none or two (issue 48 #4)', () => {
    expect([real.grantedTier, plus.grantedTier]).toEqual(['vip', 'vip']);
    const tiers = CATALOGUE.tiers;
    const none: CatalogueList = { ...CATALOGUE, tiers: [tiers[0], tiers[1], { ...tiers[2], sold: { monthlyCents: 999 } }] };
    const two: CatalogueList = { ...CATALOGUE, tiers: [tiers[0], { ...tiers[1], sold: 'granted' }, tiers[2]] };
    for (const list of [none, two]) expect(() => createCatalogue(list)).toThrow('The catalogue is invalid: exactly one tier is granted: the one admins grant');
  });

  it('refuses a list that would make can(), prices or offers wrong', () => {
    const tiers = CATALOGUE.tiers;
    const broken: [string, CatalogueList][] = [
      ['sold first tier', { ...CATALOGUE, tiers: [{ ...tiers[0], sold: { monthlyCents: 100 } }, ...tiers.slice(1)] }],
      ['repeated id', { ...CATALOGUE, tiers: [...tiers, { ...tiers[2] }] }],
      ['a perk twice', { ...CATALOGUE, tiers: [tiers[0], tiers[1], { ...tiers[2], perks: ['comment'] }] }],
      ['a perk nowhere', { ...CATALOGUE, tiers: [tiers[0], { ...tiers[1], perks: ['comment'] }, tiers[2]] }],
      ['a discount without the perk', { ...CATALOGUE, tiers: [{ ...tiers[0], storeDiscount: 0.05 }, ...tiers.slice(1)] }],
      ['a price in fractions of a cent', { ...CATALOGUE, tiers: [tiers[0], { ...tiers[1], sold: { monthlyCents: 2.5 } }, tiers[2]] }],
    ];
    for (const [why, list] of broken) expect(() => createCatalogue(list), why).toThrow(/The catalogue is invalid/);
  });
});
