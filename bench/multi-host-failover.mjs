// The database failover on `npm run start:multi-host`'s hosts, longer (issue 51; the check is
// tests/multi-host/hosts.test.mjs): MEMBERS (8) members sign in, order, comment and chat while
// every process of the primary database host is killed, for AFTER_SECONDS (30) after the first
// write acknowledged again. Prints the figures (time from the kill to the promotion and to the
// first acknowledged write; writes attempted, acknowledged, answered 503 and lost); exits 1 when a
// check failed. As root, alone, under the e2e lock:
//   flock /tmp/e2e.lock bash scripts/node.sh node bench/multi-host-failover.mjs
// Counts and wall times of a fault, not throughput: no raw node:http ratio.
import { describeFigures, runFailoverScenario } from '../tests/multi-host/failover-scenario.mjs';

const { figures, failures, log } = await runFailoverScenario({
  members: Number(process.env.MEMBERS ?? 8),
  afterSeconds: Number(process.env.AFTER_SECONDS ?? 30),
  dataDir: '/tmp/better-self-failover-bench',
  publicUrl: process.env.PUBLIC_URL,
});
console.log(`\nFigures\n  ${describeFigures(figures).join('\n  ')}`);
console.log(JSON.stringify(figures));
if (failures.length) {
  console.log(log.slice(-80).join('\n'));
  console.log(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
