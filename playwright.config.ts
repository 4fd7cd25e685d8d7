import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * The specs that change the site for every other test (a deploy restarts the API; the settings
 * rebuild every page; wrong passwords throttle the one address every test signs in from), and
 * those that count what every test adds to (an article's readings, the day's members).
 */
const ALONE = /(admin-operations|security|cms-access|articles|creator-numbers)\.spec\.ts/;

export default defineConfig({
  testDir: 'tests/e2e',
  // One stack, two cores: at most two test files at a time against it (projects below).
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
    // What changes the whole site for everyone at once, or counts what everyone adds: alone, first.
    { name: 'one at a time', testMatch: ALONE, workers: 1 },
    // The rest make their own members, articles and rooms: two files at a time (their tests in
    // order), once the site-wide ones are done.
    { name: 'two at a time', testIgnore: [ALONE, /accessibility\.spec\.ts/], workers: 2, dependencies: ['one at a time'] },
    // The sweep only reads pages (each checked at two widths): two at a time, once the tests that
    // change the site have finished. A failure above skips it (CI fails anyway).
    { name: 'accessibility sweep', testMatch: /accessibility\.spec\.ts/, fullyParallel: true, dependencies: ['two at a time'] },
  ],
});
