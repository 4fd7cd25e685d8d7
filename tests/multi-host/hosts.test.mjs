// The multi-host checks, short, on one start of `npm run start:multi-host`'s hosts (issues 50 #4 and
// 51 #2): first every process of an app host is killed while a reader reads and members chat (the
// host started again and a third added with the README's commands), then every process of the
// primary database's host while members sign in, order, comment and chat (no acknowledged write
// lost, the old primary back as the synchronous standby). CI runs it (scripts/test.mjs) as root,
// under the e2e lock; alone:
//   flock /tmp/e2e.lock bash scripts/node.sh node --test tests/multi-host/hosts.test.mjs
// PUBLIC_URL (default http://localhost:8280) moves the public origin, and with it the internal API
// port (+1) and the orchestrator's HAProxy (+2, +3). The long fault runs are bench/multi-host.mjs
// and bench/multi-host-failover.mjs. Nothing here asserts on time.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ourNamespaces } from '../../scripts/lib/netns.mjs';
import { describeFigures, runFailoverScenario } from './failover-scenario.mjs';
import { runMultiHostScenario, startScenarioHosts } from './scenario.mjs';
import { scenarioRecord } from './scenario-record.mjs';

const dataDir = '/tmp/better-self-hosts-check';
const hosts = scenarioRecord(dataDir, console.log);
/** @type {Awaited<ReturnType<typeof startScenarioHosts>>} */
let run;

before(async () => {
  const started = Date.now();
  run = await startScenarioHosts({ dataDir, publicUrl: process.env.PUBLIC_URL, log: hosts.log });
  console.log(`started ${run.hosts().join(', ')}, the database hosts and the data host in ${((Date.now() - started) / 1000).toFixed(1)} s (${run.url})`);
}, { timeout: 600_000 });

after(async () => {
  await run?.stop();
  const left = ourNamespaces();
  assert.deepEqual(left, [], 'stopping removes every namespace, veth and the bridge');
}, { timeout: 120_000 });

/** A scenario's failures, with the hosts' last lines when there are any. */
function verdict({ figures, failures }) {
  console.log(JSON.stringify(figures));
  if (failures.length) console.log(hosts.logLines.slice(-80).join('\n'));
  assert.deepEqual(failures, []);
}

test('several hosts share nothing but PostgreSQL and the buckets, and survive losing an app host', { timeout: 900_000 }, async () => {
  verdict(await runMultiHostScenario({ run, killSeconds: 8, readers: 3, publishRuns: 1, dataDir: `${dataDir}-app-host` }));
});

test('the site goes on through the loss of its primary database host, losing no acknowledged write', { timeout: 900_000 }, async () => {
  const result = await runFailoverScenario({ run, members: 4, afterSeconds: 15, dataDir: `${dataDir}-database-host` });
  console.log(`\nFigures\n  ${describeFigures(result.figures).join('\n  ')}`);
  verdict(result);
});
