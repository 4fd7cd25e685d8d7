import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/front-door', 'packages/supervisor', 'api', 'cms', 'site', 'site/vitest.astro.config.ts', 'scripts'],
  },
});
