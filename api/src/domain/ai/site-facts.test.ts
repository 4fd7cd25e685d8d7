import { FREE_SHIPPING_FROM_CENTS, formatCents, PLANS, planPriceInWords, SHIPPING_CENTS, storeDiscountFor, type Viewer } from '@app/shared/browser';
import { toSnapshot } from '@app/shared/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedRecords } from '../../../test/seed-content.ts';
import { buildContentIndex } from '../content/content-index.ts';
import { buildAssistantIndex } from './assistant-index.ts';
import { composeAnswer } from './compose-answer.ts';
import { termsOf } from './search-terms.ts';
import { sentenceEncoder } from './sentence-encoder.ts';
import { SITE_CATALOGUE, type PlanCatalogue } from './site-facts.ts';

const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
const free: Viewer = { id: 1, tier: 'free', role: 'member', status: 'active' };

/** The assistant's answer over the seeded content, with the plan catalogue given. */
async function ask(text: string, catalogue: PlanCatalogue = SITE_CATALOGUE) {
  const index = await buildAssistantIndex(content, undefined, { catalogue });
  const question = { terms: termsOf(text), meaning: await sentenceEncoder().encodeQuestion(text) };
  return composeAnswer(index, index.search(question), question, free, []);
}

// The first index encodes the seeded library; later ones (another catalogue) reuse its vectors.
beforeAll(() => buildAssistantIndex(content), 180_000);

describe('facts the site knows, answered from the plan catalogue and the store’s rules', () => {
  it('answers what Pro costs from the catalogue, by the month and by the year, linking /membership (not a policy that mentions renewal)', async () => {
    const answer = await ask('What does Pro membership cost?');
    expect(answer.sources).toEqual([{ title: 'Membership prices', url: '/membership' }]);
    expect(answer.text).toContain(`Pro costs ${planPriceInWords('pro-month')} or ${planPriceInWords('pro-year')}`);
  });

  it('changes its answer when a price in the catalogue changes', async () => {
    const dearer: PlanCatalogue = { ...SITE_CATALOGUE, plans: { ...PLANS, 'pro-month': { ...PLANS['pro-month'], cents: 399 }, 'pro-year': { ...PLANS['pro-year'], cents: 4070 } } };
    const answer = await ask('How much is a Pro subscription?', dearer);
    expect(answer.text).toContain('Pro costs $3.99 a month or $40.70 a year');
    expect(answer.text).not.toContain(planPriceInWords('pro-month'));
  });

  it('answers the member discount, shipping and tax from the store’s constants', async () => {
    const discount = await ask('Do members get money off in the shop?');
    expect(discount.sources[0]).toEqual({ title: 'Member discount in the store', url: '/store' });
    expect(discount.text).toContain(`save ${Math.round(storeDiscountFor('pro') * 100)}%`);
    const shipping = await ask('How much is delivery?');
    expect(shipping.text).toBe(`Shipping costs ${formatCents(SHIPPING_CENTS)} an order, and is free when the order comes to ${formatCents(FREE_SHIPPING_FROM_CENTS)} or more after any member discount.`);
    const tax = await ask('Do you charge tax on orders?');
    expect(tax.sources[0]).toEqual({ title: 'Sales tax', url: '/store' });
  });

  it('still answers a policy question from the policy itself', async () => {
    const answer = await ask('Can I cancel my membership whenever I like?');
    expect(answer.sources[0]).toEqual({ title: 'Terms of Service', url: '/policies#terms' });
    expect(answer.text).toContain('You can cancel at any time from your profile');
  });
});
