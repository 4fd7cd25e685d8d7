import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/front-door', 'packages/supervisor', 'api', 'cms', 'site', 'site/vitest.astro.config.ts', 'scripts'],
    // Two files at a time (Vitest's default is one fewer than the cores: one on a 2-core machine).
    // Most files wait on PostgreSQL, sockets and child processes rather than the CPU, so a second
    // worker nearly halves the wall time; each file still has its own database.
    maxWorkers: 2,
  },
});
