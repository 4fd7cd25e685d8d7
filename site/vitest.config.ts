import { defineConfig } from 'vitest/config';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    name: 'site',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    // Pages rendered through Astro run in their own project (vitest.astro.config.ts).
    exclude: ['src/**/*.astro.test.ts'],
    setupFiles: ['test/setup.ts'],
  },
});
