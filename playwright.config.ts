import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'tests/e2e',
  // One stack, two cores: tests run one at a time against it, except the accessibility sweep.
  workers: 2,
  // In CI a test that fails once runs once more; Playwright's report names it flaky.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './tests/e2e/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: '.data/test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
    trace: 'off',
  },
  projects: [
    // One stack: the tests that use it run one at a time. Two files at a time was tried (issue 53
    // #6): a file's "first free article", the home page's newest three or a day's counts then meet
    // what another file is publishing, and a 10% shorter run was not worth a CI that fails by chance.
    { name: 'one at a time', testIgnore: /accessibility\.spec\.ts/, workers: 1 },
    // The sweep only reads pages (each checked at two widths): two at a time, once the tests that
    // change the site have finished. A failure above skips it (CI fails anyway).
    { name: 'accessibility sweep', testMatch: /accessibility\.spec\.ts/, fullyParallel: true, dependencies: ['one at a time'] },
  ],
});
