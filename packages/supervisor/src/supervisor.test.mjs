import { afterEach, describe, expect, it } from 'vitest';
import { startService } from './supervisor.mjs';

// A tiny service: answers its pid over HTTP and prints the port it listens on.
const SERVER = `const s = require('node:http').createServer((q, r) => r.end(String(process.pid))); s.listen(0, '127.0.0.1', () => console.log('port ' + s.address().port));`;
const FAST = { firstDelayMs: 20, maxDelayMs: 100, maxRestarts: 2, windowMs: 10_000 };

const running = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

function supervised(name, script, policy = FAST) {
  const lines = [];
  const ports = [];
  const service = startService(name, ['-e', script], { env: process.env }, (who, line) => {
    lines.push(`[${who}] ${line}`);
    const m = /^port (\d+)$/.exec(line);
    if (m) ports.push(Number(m[1]));
  }, { policy });
  running.push(service);
  return { service, lines, ports };
}

async function until(check, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pidAt = async (port) => Number(await (await fetch(`http://127.0.0.1:${port}/`)).text());

describe('the supervisor', () => {
  it('restarts a service killed with kill -9, logs the restart, and the other service keeps serving', async () => {
    const api = supervised('api', SERVER);
    const cms = supervised('cms', SERVER);
    await until(() => api.ports.length === 1 && cms.ports.length === 1);
    const firstPid = api.service.child.pid;
    expect(await pidAt(api.ports[0])).toBe(firstPid);

    process.kill(firstPid, 'SIGKILL');
    // While it is down and coming back, the other one answers every request.
    const cmsPid = cms.service.child.pid;
    for (let i = 0; i < 10; i++) expect(await pidAt(cms.ports[0])).toBe(cmsPid);
    await until(() => api.ports.length === 2);

    expect(api.service.restarts).toBe(1);
    expect(api.service.child.pid).not.toBe(firstPid);
    expect(await pidAt(api.ports[1])).toBe(api.service.child.pid);
    expect(api.lines).toContain('[supervisor] api killed by SIGKILL; restarting it in 0.0 s (restart 1, 1 of 3 crashes allowed in 10 s)');
    expect(api.lines.some((l) => l.startsWith('[supervisor] api restarted (pid '))).toBe(true);
    expect(cms.service.restarts).toBe(0);
  });

  it('gives up on a service that keeps crashing, with a clear message, after backing off', async () => {
    const started = Date.now();
    const broken = supervised('cms', 'process.exit(3)');
    const outcome = await broken.service.exited;
    expect(outcome).toMatchObject({ code: 3, gaveUp: true });
    expect(broken.service.restarts).toBe(2);
    // 20 ms, then 40 ms: the pauses grow.
    expect(Date.now() - started).toBeGreaterThanOrEqual(60);
    expect(broken.lines.filter((l) => l.includes('restarting it in'))).toHaveLength(2);
    expect(broken.lines.at(-1)).toBe('[supervisor] cms exit code 3 and has crashed 3 times in 10 s: giving up on it. The other services keep running; fix the cause and start again.');
  });

  it('stops a service without restarting it (Ctrl-C)', async () => {
    const api = supervised('api', SERVER);
    await until(() => api.ports.length === 1);
    await api.service.stop();
    expect(await api.service.exited).toMatchObject({ gaveUp: false });
    await new Promise((r) => setTimeout(r, 100));
    expect(api.service.restarts).toBe(0);
    expect(api.lines.some((l) => l.startsWith('[supervisor]'))).toBe(false);
    await expect(fetch(`http://127.0.0.1:${api.ports[0]}/`)).rejects.toThrow();
  });
});
