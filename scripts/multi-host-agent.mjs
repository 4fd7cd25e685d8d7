// One app host's own process manager, run inside its network namespace by `npm run
// start:multi-host` (scripts/lib/multi-host.mjs): what systemd or a container runtime is on a real
// machine. It starts the host's services — HAProxy in front of the database hosts (with a replicated
// database), the CMS, the API, then the site server, with the production shape's commands and
// environment — one after another, each once the one before
// answers its health check, and restarts any that crashes (@app/supervisor). Killing every process
// of the host (`ip netns pids bs-app1 | xargs kill -9`) kills it too, as a dead machine: the host
// stays down until `npm run multi-host -- start-host NAME` starts this again.
// Usage: node scripts/multi-host-agent.mjs SPEC.json (written by the orchestrator).
import { readFileSync } from 'node:fs';
import { startService } from '@app/supervisor';

/** @type {{ host: string, services: { name: string, command?: string, args: string[], cwd?: string, env: Record<string, string>, health: string }[], maxRestarts: number }} */
const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const log = (name, line) => console.log(`[${name}] ${line}`);
const running = [];
let stopping = false;

async function healthy(url, service) {
  for (;;) {
    if (stopping) return;
    if (service.child.exitCode !== null && service.restarts === 0) log('agent', `${service.name} exited while starting (code ${service.child.exitCode}); the supervisor starts it again`);
    const status = await fetch(url, { signal: AbortSignal.timeout(5000) }).then((r) => r.status, () => 0);
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  log('agent', `${signal}: stopping ${spec.host}'s services`);
  for (const s of [...running].reverse()) await s.stop();
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

for (const { name, command, args, cwd, env, health } of spec.services) {
  if (stopping) break;
  const started = Date.now();
  const service = startService(name, args, { cwd, env: { ...process.env, ...env } }, log, { policy: { maxRestarts: spec.maxRestarts }, ...(command ? { command } : {}) });
  running.push(service);
  await healthy(health, service);
  log('agent', `${name} is up (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
log('agent', `${spec.host} is up`);
