import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@payload-config': path.resolve(import.meta.dirname, 'src/payload.config.ts') } },
  test: {
    name: 'cms',
    include: ['test/**/*.test.ts'],
    // One module graph per worker, not per file, as the API's tests: importing Payload and the
    // config anew took ~3 s of each file's CPU (issue 53 #6). Each file still builds its own config
    // on its own database (test/payload-test.ts), and puts back the environment it changed.
    isolate: false,
    globalSetup: ['../packages/test-support/src/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
