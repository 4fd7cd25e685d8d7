// `npm run test:long`: the long suites `npm test` runs short versions of (CI stays within its
// time). The fuzz with 10,000 generated cases a route and socket message (FUZZ_RUNS; CI runs 20),
// and the whole accessibility sweep: every route as every role that may open it (LONG_TESTS; CI
// checks each route once, the roles in turn). Tests read LONG_TESTS to run their long form.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/stack.mjs';

const env = { ...process.env, LONG_TESTS: '1', FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10000' };
const suites = [
  ['fuzz', [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--maxWorkers=3', '--project', 'api', '--project', 'front-door', 'api/test/fuzz.test.ts', 'packages/front-door/src/fuzz.test.mjs']],
  ['accessibility sweep', [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', 'tests/e2e/accessibility.spec.ts', '--no-deps']],
];
let failed = 0;
for (const [name, args] of suites) {
  const started = Date.now();
  const { status } = spawnSync(process.execPath, args, { cwd: root, env, stdio: 'inherit' });
  console.log(`${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  failed += status === 0 ? 0 : 1;
}
process.exit(failed > 0 ? 1 : 0);
