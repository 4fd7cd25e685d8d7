import { describe, expect, it } from 'vitest';
import { canAccessTier } from './tiers.ts';

describe('canAccessTier', () => {
  const free = { tier: 'free', isAdmin: false } as const;
  const pro = { tier: 'pro', isAdmin: false } as const;
  const vip = { tier: 'vip', isAdmin: false } as const;
  const admin = { tier: 'free', isAdmin: true } as const;

  it('opens free content to everyone, visitors included', () => {
    for (const v of [null, free, pro, vip, admin]) expect(canAccessTier(v, 'free')).toBe(true);
  });
  it('requires a tier at least the required one', () => {
    expect([null, free, pro, vip].map((v) => canAccessTier(v, 'pro'))).toEqual([false, false, true, true]);
    expect([null, free, pro, vip].map((v) => canAccessTier(v, 'vip'))).toEqual([false, false, false, true]);
  });
  it('lets admins see everything', () => {
    expect(canAccessTier(admin, 'vip')).toBe(true);
  });
});
