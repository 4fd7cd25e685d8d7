import { expect, test as base } from '@playwright/test';

/**
 * Every end-to-end test fails on a console error or an uncaught exception in the page, unless
 * the test expects it (a refused sign-in logs the browser's own "Failed to load resource: 401").
 */
export const test = base.extend<{ allowedConsoleErrors: RegExp[] }>({
  allowedConsoleErrors: [[], { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && !allowedConsoleErrors.some((re) => re.test(m.text()))) errors.push(`${page.url()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
    await use(page);
    expect(errors, 'console errors').toEqual([]);
  },
});

export { expect };
