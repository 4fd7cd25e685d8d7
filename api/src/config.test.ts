import { PLAN_IDS } from '@app/shared/browser';
import { describe, expect, it } from 'vitest';
import argon2 from 'argon2';
import { loadConfig } from './config.ts';
import { hashPassword, usePasswordHashCost, verifyPassword } from './domain/accounts/passwords.ts';

const base = { DATABASE_URL: 'postgres://x/y', INTERNAL_SECRET: 'x'.repeat(32) };
const keys = { STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_a', STRIPE_WEBHOOK_SECRET: 'whsec_a' };
const priceOf = Object.fromEntries(PLAN_IDS.map((id) => [id, `price_${id}`]));

describe('the Stripe prices setting', () => {
  it('gives every plan of the catalogue its Stripe price from STRIPE_PRICES, keyed by plan id', () => {
    expect(loadConfig({ ...base, ...keys, STRIPE_PRICES: JSON.stringify(priceOf) }).stripe?.prices).toEqual(priceOf);
  });

  it('uses the offline provider when nothing of Stripe is set', () => {
    expect(loadConfig(base).stripe).toBeNull();
  });

  it('refuses to start when STRIPE_PRICES names a plan the catalogue does not have', () => {
    const prices = JSON.stringify({ ...priceOf, 'plus-month': 'price_plus' });
    expect(() => loadConfig({ ...base, ...keys, STRIPE_PRICES: prices })).toThrow(`STRIPE_PRICES: no plan "plus-month" in the catalogue (its plans: ${PLAN_IDS.join(', ')})`);
  });

  it('refuses to start when Stripe is configured without a price for every plan', () => {
    const last = PLAN_IDS.at(-1)!;
    const prices = JSON.stringify(Object.fromEntries(PLAN_IDS.filter((id) => id !== last).map((id) => [id, priceOf[id]])));
    expect(() => loadConfig({ ...base, ...keys, STRIPE_PRICES: prices })).toThrow(`STRIPE_PRICES: Stripe needs a price for every plan of the catalogue; missing: ${last}`);
    expect(() => loadConfig({ ...base, ...keys })).toThrow(`missing: ${PLAN_IDS.join(', ')}`);
  });

  it('refuses prices without Stripe’s keys, and a setting that is not a JSON object of price ids', () => {
    expect(() => loadConfig({ ...base, STRIPE_PRICES: JSON.stringify(priceOf) })).toThrow('Stripe needs all of its settings; missing: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET');
    expect(() => loadConfig({ ...base, ...keys, STRIPE_PRICES: 'pro-month=price_1' })).toThrow(/STRIPE_PRICES: not JSON; expected \{"pro-month":"price_…"/);
    expect(() => loadConfig({ ...base, ...keys, STRIPE_PRICES: '["price_1"]' })).toThrow(/STRIPE_PRICES: expected a JSON object/);
    expect(() => loadConfig({ ...base, ...keys, STRIPE_PRICES: JSON.stringify({ ...priceOf, 'pro-month': ' ' }) })).toThrow(/STRIPE_PRICES\.pro-month: an empty price id/);
  });

  it('still reads the deprecated STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY when STRIPE_PRICES is unset, never both', () => {
    const deprecated = { STRIPE_PRICE_MONTHLY: 'price_monthly', STRIPE_PRICE_YEARLY: 'price_yearly' };
    expect(loadConfig({ ...base, ...keys, ...deprecated }).stripe?.prices).toEqual({ 'pro-month': 'price_monthly', 'pro-year': 'price_yearly' });
    expect(() => loadConfig({ ...base, ...keys, ...deprecated, STRIPE_PRICES: JSON.stringify(priceOf) })).toThrow('STRIPE_PRICES replaces STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY: set STRIPE_PRICES only');
  });
});

describe('the password hash cost', () => {
  it('is OWASP’s argon2id unless set, and light only outside production', async () => {
    expect(loadConfig(base).passwordHashCost).toBe('standard');
    expect(loadConfig({ ...base, PASSWORD_HASH_COST: 'light' }).passwordHashCost).toBe('light');
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', SMTP_URL: 'smtp://x', PASSWORD_HASH_COST: 'light' })).toThrow('PASSWORD_HASH_COST: light is for test stacks, refused when NODE_ENV=production');
    expect(() => loadConfig({ ...base, PASSWORD_HASH_COST: 'cheap' })).toThrow(/PASSWORD_HASH_COST/);
    try {
      usePasswordHashCost('standard');
      const standard = await hashPassword('correct horse');
      expect(standard).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
      usePasswordHashCost('light');
      const light = await hashPassword('correct horse');
      expect(light).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);
      // A stored hash names its own cost: each verifies whatever the process's cost is now.
      expect(await verifyPassword(standard, 'correct horse')).toBe(true);
      expect(await verifyPassword(standard, 'wrong horse')).toBe(false);
      expect(await argon2.verify(light, 'correct horse')).toBe(true);
    } finally {
      usePasswordHashCost(process.env.PASSWORD_HASH_COST === 'light' ? 'light' : 'standard');
    }
  });
});
