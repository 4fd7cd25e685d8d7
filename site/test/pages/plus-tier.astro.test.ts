// The proof of issue 35 #1: with a fourth tier in the catalogue ("Plus", $4.99 a month, between
// free and Pro; VIP saving 20%), the membership page, the subscribe flow, the gated pages and the
// store render it — names, prices, benefits, buttons and rates — with no page changed. The test
// catalogue replaces the real list; everything else (pages, islands, can(), the tier CSS) is the
// site's own code.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@app/shared/schemas';
import { article, demoRecords, removeSnapshot, writeSnapshot } from './content-snapshot.ts';
import { renderPage } from './render-page.ts';

vi.mock('@app/shared/catalogue', async () => ({ ...(await vi.importActual('@app/shared/catalogue')), CATALOGUE: (await import('@app/test-support/plus-catalogue')).PLUS_CATALOGUE }));

const records = demoRecords();
const plusArticle = article('arts-crafts', 'plus', 'Sketchbook Habits for Busy People');
// Arts & Crafts: free and Plus articles only (its VIP one becomes Plus).
records.articles = [...records.articles.filter((a) => (a.category as { slug: string } | null)?.slug !== 'arts-crafts' || a.membershipRequired === 'free'), plusArticle];

const member = (tier: string): User => ({ id: 5, username: 'm', email: 'm@example.com', displayName: 'M', membershipTier: tier, role: 'member', accountStatus: 'active', isAdmin: false }) as unknown as User;
const dom = (html: string) => new JSDOM(html).window.document;
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const page = (file: string) => import(/* @vite-ignore */ new URL(`../../src/pages/${file}`, import.meta.url).pathname);

let snapshot = '';
beforeAll(() => {
  snapshot = writeSnapshot(records);
});
afterAll(() => removeSnapshot(snapshot));

describe('a fourth tier, Plus, from the catalogue alone', () => {
  it('derives the tiers, perks and tier CSS from the test catalogue', async () => {
    const { can, TIERS, tierVisibilityCss } = await import('@app/shared/browser');
    expect(TIERS).toEqual(['free', 'plus', 'pro', 'vip']);
    const plus = { id: 1, tier: 'plus', role: 'member', status: 'active' } as const;
    expect([can(plus as never, 'read', { membershipRequired: 'plus' as never }), can(plus as never, 'ad-free'), can(plus as never, 'member-discount'), can(plus as never, 'comment')]).toEqual([true, true, true, false]);
    expect(tierVisibilityCss()).toContain("html[data-viewer-tier='plus'] [data-show-below='plus']");
  });

  it('shows Plus on the membership page: its card, price, benefits, upgrade button and FAQ', async () => {
    const doc = dom(await renderPage(await page('membership.astro'), '/membership'));
    expect([...doc.querySelectorAll('[data-plan]')].map((c) => c.getAttribute('data-plan'))).toEqual(['free', 'plus', 'pro']);
    const card = doc.querySelector('[data-plan="plus"]')!;
    expect(text(card.querySelector('h3'))).toBe('Plus');
    expect(text(card.querySelector('[data-price="month"]'))).toBe('$4.99/month');
    expect(text(card.querySelector('[data-price="year"]'))).toBe('$50.90/year');
    expect([...card.querySelectorAll('li')].map(text)).toEqual(['Every Plus article', 'Ad-free reading', '10% off in the store']);
    const upgrade = [...card.querySelectorAll('button')].find((b) => text(b) === 'Upgrade to Plus')!;
    expect([upgrade.getAttribute('data-show-from'), upgrade.getAttribute('data-show-below')]).toEqual(['free', 'plus']);
    expect(text(doc.querySelector('[data-upgrade-dialog="plus"] p'))).toBe("You'll continue to our secure payment page. Plus is $4.99 a month$50.90 a year, and you can cancel any time.");
    expect(doc.querySelector('[data-upgrade-dialog="plus"] [data-upgrade-continue]')!.getAttribute('href')).toBe('/subscribe');
    expect(doc.querySelector('[data-upgrade-dialog="pro"] [data-upgrade-continue]')!.getAttribute('href')).toBe('/subscribe?plan=pro-month');
    expect(text(doc.querySelector('[data-plan="pro"]')?.querySelector('button'))).toBe('Upgrade to Pro');
    expect(text(doc.querySelector('main p'))).toBe('Free forever, or Plus for $4.99 a month or Pro for $2.99 a month — everything unlocked, cancel any time.');
    const faq = [...doc.querySelectorAll('details')].map((d) => `${text(d.querySelector('summary'))} ${text(d.querySelector('p'))}`);
    expect(faq).toContain('What do I get with Plus? The Plus articles, reading without ads, 10% off in the store and the site without advertising.');
    expect(faq).toContain('Monthly or yearly? Plus: Monthly is $4.99. Yearly is twelve months less 15% ($50.90), paid once a year. Pro: Monthly is $2.99. Yearly is twelve months less 15% ($30.50), paid once a year.');
  });

  it('sells a free member Plus on /subscribe, and a Plus member Pro, each with its own benefits', async () => {
    const subscribe = await page('subscribe.astro');
    const forFree = dom(await renderPage(subscribe, '/subscribe', { user: member('free') }));
    expect(text(forFree.querySelector('h1'))).toBe('Upgrade to Plus');
    expect(text(forFree.querySelector('[data-plan-price]'))).toBe('$4.99/month');
    expect(forFree.querySelector('[data-plan-price]')!.getAttribute('data-plan-price')).toBe('plus-month');
    expect([...forFree.querySelectorAll('#benefits-title ~ ul li')].map(text)).toEqual(['Every Plus article', 'Ad-free reading', '10% off in the store']);
    const forPlus = dom(await renderPage(subscribe, '/subscribe', { user: member('plus') }));
    expect(text(forPlus.querySelector('h1'))).toBe('Upgrade to Pro');
    expect(text(forPlus.querySelector('[data-plan-price]'))).toBe('$2.99/month');
    expect([...forPlus.querySelectorAll('#benefits-title ~ ul li')].map(text)).toEqual(['Full access to premium articles', 'Enhanced profile features with upload and share', 'Premium chat rooms', 'Ad-free experience']);
    const yearly = dom(await renderPage(subscribe, '/subscribe?plan=plus-year', { user: member('free') }));
    expect(text(yearly.querySelector('[data-plan-price]'))).toBe('$50.90/year');
    expect(text(dom(await renderPage(subscribe, '/subscribe', { user: member('pro') })).querySelector('h1'))).toBe("You're Already a Pro Member!");
    expect(text(dom(await renderPage(subscribe, '/subscribe?plan=plus-month', { user: member('plus') })).querySelector('h1'))).toBe("You're Already a Plus Member!");
  });

  it('gives every tier its own banner on /articles: Plus to free members, Pro to Plus members, VIP through support to Pro members', async () => {
    const doc = dom(await renderPage(await page('articles/index.astro'), '/articles'));
    expect(text(doc.querySelector('main h1 + p'))).toBe('Choose a topic to explore. Free articles are open to everyone; premium articles are part of Plus and Pro membership.');
    const banner = (tier: string) => [...doc.querySelectorAll(`[data-show-from="${tier}"] :is(h2, p, a)`)].map((e) => `${text(e)}${e.tagName === 'A' ? ` → ${e.getAttribute('href')}` : ''}`);
    expect(banner('free')).toEqual(['Unlock the Plus articles with Plus', 'The Plus articles and reading without ads for $4.99 a month.', 'See Membership → /membership']);
    expect(banner('plus')).toEqual(['Unlock the Premium articles with Pro', 'Premium articles, comments and member chat rooms for $2.99 a month.', 'See Membership → /membership']);
    expect(banner('pro')).toEqual(['Thank you for being a premium member!', 'Every Plus and Premium article is open to you. VIP articles are part of VIP membership.', 'Ask about VIP → /membership#support']);
    expect(banner('vip')).toEqual(['Thank you for being a premium member!', 'Every article is open to you, including the Plus, Premium and VIP ones. Enjoy your reading.']);
    expect([...doc.querySelectorAll('[data-show-from]')].map((d) => `${d.getAttribute('data-show-from')}<${d.getAttribute('data-show-below') ?? ''}`)).toEqual(['free<plus', 'plus<pro', 'pro<vip', 'vip<']);
  });

  it('sells Plus where only Plus articles are locked, and badges a Plus article "Plus"', async () => {
    const category = dom(await renderPage(await page('articles/category/[category].astro'), '/articles/category/arts-crafts', { params: { category: 'arts-crafts' } }));
    const promo = category.querySelector('[data-testid="category-promo"]')!;
    expect(promo.getAttribute('data-show-below')).toBe('plus');
    expect(text(promo.querySelector('h2'))).toBe('Unlock every Arts & Crafts article');
    expect(text(promo.querySelector('p'))).toBe('Plus members read every premium article here.');
    const upgrade = [...promo.querySelectorAll('a')].find((a) => text(a) === 'Upgrade to Plus')!;
    expect([upgrade.getAttribute('href'), upgrade.parentElement!.getAttribute('data-show-below')]).toEqual(['/subscribe', 'plus']);
    expect(text(category.querySelector(`[data-required-tier="plus"]`))).toContain('Plus');

    const detail = dom(await renderPage(await page('articles/[id].astro'), `/articles/${plusArticle.id}`, { params: { id: String(plusArticle.id) } }));
    expect([...detail.querySelectorAll('.badge')].map(text)).toContain('Plus');
    expect(detail.querySelector('astro-island[props*="plus"]')).not.toBeNull();
  });

  it('tells the store who saves what: Plus 10%, Pro 15%, VIP 20%', async () => {
    const store = dom(await renderPage(await page('store/index.astro'), '/store'));
    expect(text(store.querySelector('main p'))).toBe('Apparel, journals and small tools for good habits. Plus members save 10%, Pro members save 15% and VIP members save 20% on everything.');
    const product = dom(await renderPage(await page('store/[id].astro'), '/store/1', { params: { id: '1' } }));
    expect([...product.querySelectorAll('main p')].map(text)).toContain('Plus members save 10%, Pro members save 15% and VIP members save 20% at checkout.');
  });
});
