// The multi-host end-to-end check, short (issue 50 #4): not part of `npm test` or the e2e suite;
// run it alone, as root, under the e2e lock (it takes the bs-* namespaces and PUBLIC_URL's port):
//   flock /tmp/e2e.lock bash scripts/node.sh node --test tests/multi-host/multi-host.test.mjs
// The long fault run with more readers, a longer kill and repeated publishes is bench/multi-host.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runMultiHostScenario } from './scenario.mjs';

test('several hosts share nothing but PostgreSQL and the buckets, and survive losing one', { timeout: 900_000 }, async () => {
  const { figures, failures, log } = await runMultiHostScenario({ killSeconds: 8, readers: 3, publishRuns: 1, dataDir: '/tmp/better-self-multi-host-check' });
  console.log(JSON.stringify(figures, null, 2));
  if (failures.length) console.log(log.slice(-80).join('\n'));
  assert.deepEqual(failures, []);
});
