import { describe, expect, it } from 'vitest';
import { can } from './permissions.ts';
import { AVATAR_URL_INVALID, isWebAddress } from './profile.ts';
import { ProfileInputSchema } from './profile-schemas.ts';

const parse = (body: object) => ProfileInputSchema.safeParse({ displayName: 'Ann', bio: '', avatarUrl: '', ...body });
const firstError = (body: object) => {
  const r = parse(body);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('the avatar address rule', () => {
  it('takes http and https addresses with a host', () => {
    expect(isWebAddress('https://images.example/me.png')).toBe(true);
    expect(isWebAddress('http://images.example:8080/a/b.jpg?size=2')).toBe(true);
  });

  it('refuses javascript:, data:, other schemes, relative paths, spaces, credentials and 2,000-character addresses', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:image/png;base64,AAAA', 'ftp://files.example/a.png', 'file:///etc/passwd', '//evil.example/a.png', '/media/me.png', 'https://img.example/a b.png', 'https://img.example/\ta.png', 'https://user:pw@img.example/a.png', 'https://', 'not a url']) {
      expect(isWebAddress(bad), bad).toBe(false);
    }
    const at = (n: number) => `https://img.example/${'a'.repeat(n - 'https://img.example/'.length)}`;
    expect(isWebAddress(at(2000))).toBe(true);
    expect(isWebAddress(at(2001))).toBe(false);
  });
});

describe('the profile rules (spec 02 §5)', () => {
  it('needs a display name of 2–50 characters, normalised', () => {
    expect(firstError({ displayName: 'A' })).toBe('Display name must be at least 2 characters');
    expect(firstError({ displayName: ' \u200bA\u200b ' })).toBe('Display name must be at least 2 characters');
    expect(firstError({ displayName: 'x'.repeat(51) })).toBe('Display name must be at most 50 characters');
    expect(parse({ displayName: '  Ａｎｎ  ' }).data?.displayName).toBe('Ann');
  });

  it('allows a bio of at most 250 characters, and an empty avatar as none', () => {
    expect(firstError({ bio: 'b'.repeat(251) })).toBe('Bio must be at most 250 characters');
    expect(parse({ bio: 'b'.repeat(250) }).success).toBe(true);
    expect(parse({ avatarUrl: '' }).data?.avatarUrl).toBeNull();
    expect(parse({ avatarUrl: null }).data?.avatarUrl).toBeNull();
    expect(parse({ avatarUrl: ' https://img.example/a.png ' }).data?.avatarUrl).toBe('https://img.example/a.png');
    expect(firstError({ avatarUrl: 'javascript:alert(1)' })).toBe(AVATAR_URL_INVALID);
  });

  it('makes the shareable profile a Pro perk', () => {
    const viewer = (tier: 'free' | 'pro' | 'vip') => ({ id: 1, tier, role: 'member' as const, status: 'active' as const });
    expect([can(null, 'public-profile'), can(viewer('free'), 'public-profile'), can(viewer('pro'), 'public-profile'), can(viewer('vip'), 'public-profile')]).toEqual([false, false, true, true]);
  });
});
