import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/lib/vitest-sequencer.mjs';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/front-door', 'packages/supervisor', 'api', 'cms', 'site', 'site/vitest.astro.config.ts', 'scripts'],
    // How many files run at once is set on the command line (`--maxWorkers`, scripts/test.mjs and
    // scripts/run.sh): a project with a config file of its own does not inherit it from here, and
    // resolves Vitest's default, one fewer than the cores — one file at a time on 2 cores.
    sequence: { sequencer: LongestFirst },
  },
});
