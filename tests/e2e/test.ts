import { expect, test as base, type ConsoleMessage } from '@playwright/test';
import { deleteMadeMembers } from './fixtures';

/** The CMS's sign-in asks for its second step with a 401/403 to the password (issue 52 #3): the browser logs that. */
const cmsSecondStep = (m: ConsoleMessage) => m.location().url.endsWith('/cms/api/users/login') && /status of 40[13]/.test(m.text());

/**
 * Every end-to-end test fails on a console error or an uncaught exception in the page, unless
 * the test expects it (a refused sign-in logs the browser's own "Failed to load resource: 401").
 * The channel's thumbnails (i.ytimg.com) come from a local server (video-thumbnails.ts).
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[] }, { madeMembersGo: void }>({
  allowedConsoleErrors: [[], { option: true }],
  // Every member a worker's tests made (fixtures.ts createMember) is deleted when the worker ends.
  madeMembersGo: [
    async ({}, use) => {
      await use();
      await deleteMadeMembers();
    },
    { scope: 'worker', auto: true },
  ],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !allowedConsoleErrors.some((re) => re.test(m.text())) && !cmsSecondStep(m)) errors.push(`${page.url()}: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };
