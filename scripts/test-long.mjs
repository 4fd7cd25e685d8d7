// `npm run test:long`: the long suites `npm test` runs short versions of (CI stays within its
// time). The fuzz with 10,000 generated cases a route and socket message (FUZZ_RUNS; CI runs 20),
// the whole accessibility sweep: every route as every role that may open it (LONG_TESTS; CI
// checks each route once, the roles in turn), and the multi-host fault runs at their full length
// (CI runs tests/multi-host/hosts.test.mjs, the short checks), and backup and restore on the
// embedded PostgreSQL as well as PostgreSQL 15. Tests read LONG_TESTS to run their long form.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './lib/stack.mjs';

const env = { ...process.env, LONG_TESTS: '1' };
// `npm run fuzz` as it is (its files, its 10,000 cases), then the sweep.
const suites = [
  ['fuzz', 'bash', [path.join(root, 'scripts/run.sh'), 'fuzz']],
  ['accessibility sweep', process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', 'tests/e2e/accessibility.spec.ts', '--no-deps']],
  // Whole hosts in network namespaces (as root): losing an app host for 30 s with more readers and
  // timed publishes, then the primary database's host with 8 members writing (issues 50 and 51).
  // The database hosts alone, on loopback (a synchronous commit, a restore between two orders, the
  // primary killed) and in network namespaces (their primary's host killed), no app.
  ['database hosts', 'bash', [path.join(root, 'scripts/run.sh'), 'unit', 'scripts/lib/pg-ha.test.mjs', 'scripts/lib/pg-ha-netns.test.mjs']],
  // Backup and restore on the embedded PostgreSQL too (CI runs it on PostgreSQL 15 only).
  ['backup on both servers', 'bash', [path.join(root, 'scripts/run.sh'), 'unit', 'scripts/lib/backup.test.mjs']],
  ['multi-host: an app host lost', process.execPath, [path.join(root, 'bench/multi-host.mjs')]],
  ['multi-host: the primary database host lost', process.execPath, [path.join(root, 'bench/multi-host-failover.mjs')]],
];
let failed = 0;
for (const [name, command, args] of suites) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  console.log(`${name}: ${status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  failed += status === 0 ? 0 : 1;
}
process.exit(failed > 0 ? 1 : 0);
