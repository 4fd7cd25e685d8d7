import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['../packages/test-support/src/postgres-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
