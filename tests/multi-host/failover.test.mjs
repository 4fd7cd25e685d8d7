// The whole app through a database failover (issue 51 #2), on `npm run start:multi-host`'s hosts
// with the replicated database: not part of `npm test`, the e2e suite or CI; run it alone, as root,
// under the e2e lock (it takes the bs-* namespaces and PUBLIC_URL's port):
//   flock /tmp/e2e.lock bash scripts/node.sh node --test tests/multi-host/failover.test.mjs
// PUBLIC_URL (default http://localhost:8280) moves the public origin, and with it this run's
// internal API port (+1) and its own HAProxy to the primary (+2, +3). Needs Debian's patroni,
// etcd-server, haproxy, pgbackrest and postgresql-15 (.ci/run installs them).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeFigures, runFailoverScenario } from './failover-scenario.mjs';

test('the site goes on through the loss of its primary database host, losing no acknowledged write', { timeout: 1_200_000 }, async () => {
  const { figures, failures, log } = await runFailoverScenario({ members: 4, afterSeconds: 15, dataDir: '/tmp/better-self-failover-check', publicUrl: process.env.PUBLIC_URL });
  console.log(`\nFigures\n  ${describeFigures(figures).join('\n  ')}`);
  console.log(JSON.stringify(figures));
  if (failures.length) console.log(log.slice(-80).join('\n'));
  assert.deepEqual(failures, []);
});
