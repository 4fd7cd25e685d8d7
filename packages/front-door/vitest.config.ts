import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'front-door',
    include: ['src/**/*.test.mjs'],
    // One worker process for many files: packages/shared/vitest.config.ts says why.
    isolate: false,
  },
});
