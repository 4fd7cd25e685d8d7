// The multi-host fault run, long (issue 50 #4; the short check is tests/multi-host/hosts.test.mjs):
// `npm run start:multi-host`'s hosts on this machine, an article with a picture published through
// the CMS, every process of bs-app1 killed for KILL_SECONDS (30) while READERS (6) loops read pages,
// pictures and signed-in API reads through Caddy and two members chat, bs-app1 started again and a
// third host added with the README's commands; PUBLISH_RUNS (3) timed publishes with two hosts, one
// host and three. Prints the figures; exits 1 when a check failed. As root, alone (it takes the
// bs-* namespaces and port 8280), under the e2e lock:
//   flock /tmp/e2e.lock bash scripts/node.sh node bench/multi-host.mjs
// The raw node:http ratio the other benchmarks print has no meaning here: these are counts and
// wall times of a fault, not throughput.
import { runMultiHostScenario } from '../tests/multi-host/scenario.mjs';

const { figures, failures, log } = await runMultiHostScenario({
  killSeconds: Number(process.env.KILL_SECONDS ?? 30),
  readers: Number(process.env.READERS ?? 6),
  publishRuns: Number(process.env.PUBLISH_RUNS ?? 3),
  dataDir: '/tmp/better-self-multi-host-bench',
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('\nFigures');
console.log(`  reads from the kill until every chat message had arrived (${figures.duringKill.seconds} s, the publishes with one host inside it): ${figures.duringKill.reads.attempted} attempted, ${figures.duringKill.reads.failed} failed ${JSON.stringify(figures.duringKill.reads.byKind)}`);
console.log(`  chat: ${figures.chat.sent} messages sent, received ${JSON.stringify(figures.chat.received)}; ${figures.chat.socketsReconnected} socket(s) reconnected (${figures.chat.reconnectSeconds.join(', ')} s after the kill)`);
console.log(`  the killed host serves the current version again ${figures.killedHostServesAgainSeconds} s after start-host (its /api/ready: ${figures.duringRestart.readyAnswers.join(' → ')})`);
console.log(`  a new host serves the current version ${figures.newHostServesSeconds} s after add-host`);
console.log(`  a deployment's steps (median seconds): ${JSON.stringify(figures.deploymentStepsMedianSeconds)}`);
const p = figures.publishToLive;
for (const { title, timeline } of figures.publishes ?? []) console.log(`  "${title}": ${Object.entries(timeline).filter(([k]) => k !== 'at').map(([k, v]) => `${k} ${v.toFixed(2)} s`).join(', ')}`);
for (const d of figures.deployments ?? []) console.log(`  deployment #${d.id} (${d.kind}, ${d.status}, ${d.createdAt.slice(11, 22)}, ${d.trigger} → ${d.contentVersion}) ${d.seconds ?? '–'} s: ${Object.entries(d.steps).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(`  publish-to-live: two hosts ${p.twoHostsSeconds.join(', ')} s (median ${median(p.twoHostsSeconds)}); one host ${p.oneHostSeconds.join(', ')} s (median ${median(p.oneHostSeconds)})${p.threeHostsSeconds ? `; three hosts ${p.threeHostsSeconds.join(', ')} s (median ${median(p.threeHostsSeconds)})` : ''}`);
console.log(`  a publish while another change's build runs (two hosts): ${figures.publishDuringBuildSeconds} s`);
console.log(JSON.stringify(figures));
if (failures.length) {
  console.log(log.slice(-80).join('\n'));
  console.log(`\n${failures.length} check(s) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
