// Issue 47 #12: /subscribe's tab title names what the page shows. A VIP member is shown that their
// membership already holds Pro; the tab said "Subscribe to Pro".
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import type { User } from '@app/shared/schemas';
import { renderPage } from './render-page.ts';

const member = (tier: string, role = 'member'): User => ({ id: 5, username: 'm', email: 'm@example.com', displayName: 'M', membershipTier: tier, role, accountStatus: 'active', isAdmin: role === 'admin' }) as unknown as User;
const titleAndHeading = async (user: User, at = '/subscribe') => {
  const doc = new JSDOM(await renderPage(await import('../../src/pages/subscribe.astro'), at, { user })).window.document;
  return { title: doc.title, heading: doc.querySelector('h1')?.textContent?.trim() };
};

describe('/subscribe’s tab title', { timeout: 60_000 }, () => {
  it('names the plan it sells', async () => {
    expect((await titleAndHeading(member('free'))).title).toMatch(/^Subscribe to Pro\b/);
  });
  it('says what the page says when the member already has the plan, or more', async () => {
    for (const user of [member('pro'), member('vip'), member('free', 'admin')]) {
      const { title, heading } = await titleAndHeading(user);
      expect(title.startsWith(heading!), `${title} / ${heading}`).toBe(true);
      expect(title).not.toMatch(/^Subscribe/);
    }
  });
});
