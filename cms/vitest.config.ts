import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@payload-config': path.resolve(import.meta.dirname, 'src/payload.config.ts') } },
  test: {
    name: 'cms',
    include: ['test/**/*.test.ts'],
    globalSetup: ['../packages/test-support/src/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
