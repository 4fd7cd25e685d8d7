import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'shared',
    include: ['src/**/*.test.ts'],
    // One worker process for many files, not one each: a worker's start took about half a second of
    // CPU, more than most of these files' tests (issue 53 #6). Each file starts and closes what it uses.
    isolate: false,
  },
});
