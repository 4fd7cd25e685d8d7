import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/chromium';

/** Where Caddy listens in the production-shape run (PUBLIC_URL). */
export const SHAPE_PORT = Number(process.env.SHAPE_E2E_PORT ?? 8080);

// The end-to-end suite against the production shape (issue 26): Caddy with deploy/Caddyfile,
// two API instances, the CMS and the site server on the machine's PostgreSQL, NODE_ENV=production.
export default defineConfig({
  testDir: 'tests/production-shape',
  // Its own folder: it runs beside the main suite (scripts/test.mjs), which empties test-results/ as it starts.
  outputDir: '.data/test-results/production-shape-output',
  workers: 1,
  // As the main suite: in CI a failure runs once more (its tests are serial: the whole story again,
  // with new content), and the report names it flaky.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  timeout: 60_000,
  // It runs beside Vitest, the multi-host checks and the CMS's build (a load of 9 to 14 on 2 cores):
  // a page or an answer that takes 10 s there is slow, not wrong (the store story failed both tries in
  // session 39's CI run, which kept only the log's tail).
  expect: { timeout: 20_000 },
  globalSetup: './tests/production-shape/global-setup.ts',
  reporter: [['list'], ['json', { outputFile: '.data/test-results/e2e-production-shape.json' }]],
  use: {
    baseURL: `http://localhost:${SHAPE_PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
});
