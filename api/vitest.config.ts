import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    // One module graph per worker, not per file: importing the app anew for each of ~80 files cost
    // more than their tests. Each file still has its own database and app (file-app.ts), and closes
    // what it starts (timers, sockets, pools) in its afterAll.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['../packages/test-support/src/postgres-global-setup.ts'],
    // The process's sentence encoder reads the tests' libraries' vectors from the repository
    // (test/ai/stored-vectors.ts) instead of encoding them in every run: a minute of CPU (issue 53 #6).
    setupFiles: ['test/use-stored-vectors.ts', 'test/use-light-password-hashes.ts'],
    // The API instances the tests start as processes hash passwords as cheaply as the in-process apps.
    env: { PASSWORD_HASH_COST: 'light' },
    // A bound, not a measurement: CI runs these files beside the type check, lint, the CMS build and
    // the production shape on 2 cores, where an import or a fan-out test took past 20 s (issue 53 #6).
    testTimeout: 45_000,
    hookTimeout: 60_000,
  },
});
