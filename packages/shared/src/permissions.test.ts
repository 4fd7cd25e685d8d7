import { describe, expect, it } from 'vitest';
import { can, readingTier, tierVisibilityCss, viewerOf, type Viewer } from './permissions.ts';
import type { Tier } from './tiers.ts';

const member = (tier: Tier, extra: Partial<NonNullable<Viewer>> = {}): Viewer => ({ tier, isAdmin: false, status: 'active', ...extra });
const free = member('free');
const pro = member('pro');
const vip = member('vip');
const admin = member('free', { isAdmin: true });
const reviewedPro = member('pro', { status: 'under_review' });

describe('who may read what', () => {
  it('opens free content to everyone, visitors included', () => {
    for (const v of [null, free, pro, vip, admin]) expect(can(v, 'read', { membershipRequired: 'free' })).toBe(true);
  });
  it('needs a tier at least the required one', () => {
    expect([null, free, pro, vip].map((v) => can(v, 'read', { membershipRequired: 'pro' }))).toEqual([false, false, true, true]);
    expect([null, free, pro, vip].map((v) => can(v, 'read', { membershipRequired: 'vip' }))).toEqual([false, false, false, true]);
  });
  it('lets admins read everything', () => {
    expect(can(admin, 'read', { membershipRequired: 'vip' })).toBe(true);
    expect(readingTier(admin)).toBe('vip');
  });
});

describe('who may do what', () => {
  it('lets Pro members and admins in good standing comment', () => {
    expect([null, free, pro, vip, admin, reviewedPro].map((v) => can(v, 'comment'))).toEqual([false, false, true, true, true, false]);
  });
  it('lets every member in good standing post, and nobody under review', () => {
    expect([null, free, pro, reviewedPro].map((v) => can(v, 'post'))).toEqual([false, true, true, false]);
  });
  it('gives the store discount for the paid tier only, and no ads from Pro up', () => {
    expect([null, free, pro, vip, admin].map((v) => can(v, 'member-discount'))).toEqual([false, false, true, true, false]);
    expect([null, free, pro, vip, admin].map((v) => can(v, 'ad-free'))).toEqual([false, false, true, true, true]);
  });
  it('leaves moderation and room creation to the right people', () => {
    expect([free, pro, admin].map((v) => can(v, 'moderate'))).toEqual([false, false, true]);
    expect([free, pro, vip].map((v) => can(v, 'create-room'))).toEqual([false, true, true]);
  });
  it('reads the browser’s User and the API’s user row alike', () => {
    expect(viewerOf({ membershipTier: 'pro', accountStatus: 'active', isAdmin: false })).toEqual(pro);
    expect(viewerOf({ membershipTier: 'free', accountStatus: 'active', role: 'admin' })).toEqual(admin);
    expect(viewerOf(null)).toBeNull();
  });
});

describe('the CSS that mirrors the read rule on static pages', () => {
  const css = tierVisibilityCss();
  it('keeps the premium overlay on VIP cards for a Pro member', () => {
    expect(css).toContain(`html[data-viewer-tier='pro'] [data-required-tier='pro'] .premium-overlay`);
    expect(css).not.toContain(`html[data-viewer-tier='pro'] [data-required-tier='vip'] .premium-overlay`);
    expect(css).toContain(`html[data-viewer-tier='vip'] [data-required-tier='vip'] .premium-overlay`);
  });
  it('treats an unknown viewer as a visitor', () => {
    expect(css).toContain(`html:not([data-viewer-tier]) [data-show-from='free']`);
    expect(css).not.toContain(`html:not([data-viewer-tier]) [data-required-tier='pro'] .premium-overlay`);
  });
});
