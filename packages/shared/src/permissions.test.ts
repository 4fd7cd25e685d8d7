import { describe, expect, it } from 'vitest';
import { can, readingTier, roleOfBadge, staffBadge, tierVisibilityCss, viewerOf, type Viewer } from './permissions.ts';
import type { Tier } from './tiers.ts';

const member = (tier: Tier, extra: Partial<NonNullable<Viewer>> = {}): Viewer => ({ id: 7, tier, role: 'member', status: 'active', ...extra });
const free = member('free');
const pro = member('pro');
const vip = member('vip');
const admin = member('free', { role: 'admin', id: 1 });
const moderator = member('free', { role: 'moderator', id: 2 });
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
  it('opens a private room to its members and admins only, moderators included in the rule', () => {
    const closed = { membershipRequired: 'free', isPrivate: true, isMember: false } as const;
    expect([null, free, vip, moderator, admin].map((v) => can(v, 'read', closed))).toEqual([false, false, false, false, true]);
    expect([free, moderator].map((v) => can(v, 'read', { ...closed, isMember: true }))).toEqual([true, true]);
    expect([moderator, admin].map((v) => can(v, 'read', { membershipRequired: 'pro', isPrivate: false, isMember: false }))).toEqual([false, true]);
    expect(can(free, 'read', { membershipRequired: 'pro', isPrivate: true, isMember: true })).toBe(false);
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
  it('leaves moderation to moderators and admins, and administration to admins', () => {
    expect([null, free, pro, moderator, admin].map((v) => can(v, 'moderate'))).toEqual([false, false, false, true, true]);
    expect([null, free, pro, moderator, admin].map((v) => can(v, 'administer'))).toEqual([false, false, false, false, true]);
  });
  it('lets authors edit their own words, and authors and moderators delete them or see them hidden', () => {
    const mine = { authorId: 7 };
    const theirs = { authorId: 99 };
    expect([null, free, moderator, admin].map((v) => can(v, 'edit', mine))).toEqual([false, true, false, false]);
    expect([null, free, moderator, admin].map((v) => can(v, 'delete', { ...theirs, authorRole: 'member' }))).toEqual([false, false, true, true]);
    expect(can(free, 'delete', { ...mine, authorRole: 'member' })).toBe(true);
    expect([null, free, moderator, admin].map((v) => can(v, 'see-hidden', theirs))).toEqual([false, false, true, true]);
    expect(can(free, 'see-hidden', mine)).toBe(true);
  });
  it('leaves staff’s words and standing to admins: moderators act on members only', () => {
    const otherModerator = member('free', { role: 'moderator', id: 3 });
    for (const role of ['admin', 'moderator'] as const) {
      expect([moderator, admin].map((v) => can(v, 'moderate', { role }))).toEqual([false, true]);
      expect([moderator, admin].map((v) => can(v, 'delete', { authorId: 99, authorRole: role }))).toEqual([false, true]);
    }
    expect([null, free, moderator, admin].map((v) => can(v, 'moderate', { role: 'member' }))).toEqual([false, false, true, true]);
    // A moderator still deletes their own words, as any author does.
    expect(can(otherModerator, 'delete', { authorId: 3, authorRole: 'moderator' })).toBe(true);
    expect(roleOfBadge(staffBadge('admin'))).toBe('admin');
    expect([roleOfBadge('Moderator'), roleOfBadge(null)]).toEqual(['moderator', 'member']);
  });
  it('reads only at their own tier when moderating, and carries the badge of their role', () => {
    expect(readingTier(moderator)).toBe('free');
    expect([staffBadge('member'), staffBadge('moderator'), staffBadge('admin')]).toEqual([null, 'Moderator', 'Admin']);
  });
  it('leaves room creation to paid members', () => {
    expect([free, pro, vip].map((v) => can(v, 'create-room'))).toEqual([false, true, true]);
  });
  it('reads the browser’s User and the API’s user row alike', () => {
    expect(viewerOf({ id: 7, membershipTier: 'pro', accountStatus: 'active', role: 'member' })).toEqual(pro);
    expect(viewerOf({ id: 1, membershipTier: 'free', accountStatus: 'active', role: 'admin' })).toEqual(admin);
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
