import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'api', 'cms', 'site', 'scripts'],
  },
});
