import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRollingRestarter } from './rolling-restart.mjs';
import { startService } from './supervisor.mjs';

/**
 * Real processes: two instances of a service, restarted one at a time onto another code root while
 * a reader keeps asking both; then onto code that cannot start, which puts them back.
 */
const home = mkdtempSync(path.join(tmpdir(), 'rolling-restart-'));
const SERVER = (version) => `import { createServer } from 'node:http';
const server = createServer((req, res) => res.end(JSON.stringify({ version: ${JSON.stringify(version)}, pid: process.pid })));
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;
function codeRoot(name, source) {
  const dir = path.join(home, name, 'api');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'server.mjs'), source);
  return path.join(home, name);
}
const oldRoot = codeRoot('release-1', SERVER('1'));
const newRoot = codeRoot('release-2', SERVER('2'));
const brokenRoot = codeRoot('release-3', "throw new Error('this release cannot start');\n");

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => resolve(port));
  });
});
const lines = [];
const reports = [];
let instances;
let restarter;
const answer = (port) => fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) }).then((r) => r.json(), () => null);

beforeAll(async () => {
  const ports = [await freePort(), await freePort()];
  instances = ports.map((port, i) => ({
    port,
    service: startService(`api-${i + 1}`, ['server.mjs'], { cwd: path.join(oldRoot, 'api'), env: { ...process.env, PORT: String(port) } }, (name, line) => lines.push(`${name}: ${line}`), { onMessage: () => {} }),
  }));
  for (const { port } of instances) {
    for (let i = 0; i < 100 && (await answer(port)) === null; i++) await new Promise((r) => setTimeout(r, 100));
  }
  restarter = createRollingRestarter({
    groups: { api: instances.map(({ service, port }) => ({ service, healthUrl: `http://127.0.0.1:${port}/` })) },
    appRoot: oldRoot,
    report: async (deployment, status, line) => void reports.push({ deployment, status, line }),
    log: (name, line) => lines.push(`${name}: ${line}`),
    healthTimeoutMs: 5_000,
  });
});
afterAll(async () => {
  for (const { service } of instances ?? []) await service.stop();
  rmSync(home, { recursive: true, force: true });
});

describe('a rolling restart onto a deployed commit', () => {
  it('restarts the instances one at a time from the new code while the other keeps answering', async () => {
    const before = await Promise.all(instances.map(({ port }) => answer(port)));
    expect(before.map((b) => b.version)).toEqual(['1', '1']);
    let watching = true;
    let bothDown = 0;
    let asked = 0;
    const watcher = (async () => {
      while (watching) {
        const answers = await Promise.all(instances.map(({ port }) => answer(port)));
        asked += 1;
        if (answers.every((a) => a === null)) bothDown += 1;
        await new Promise((r) => setTimeout(r, 10));
      }
    })();
    restarter.request({ type: 'restart-services', deployment: 7, services: ['api'], root: newRoot });
    await restarter.idle();
    watching = false;
    await watcher;
    const after = await Promise.all(instances.map(({ port }) => answer(port)));
    expect(after.map((a) => a.version)).toEqual(['2', '2']);
    expect(after.map((a) => a.pid)).not.toContain(before[0].pid);
    expect(asked).toBeGreaterThan(5);
    expect(bothDown).toBe(0);
    expect(reports.map((r) => r.line)).toEqual([
      `restarting the api from ${newRoot}, one at a time`,
      'restarting api-1 (1 of 2)',
      'restarting api-2 (2 of 2)',
      expect.stringMatching(/^restarted: api \(api-1 pid \d+, api-2 pid \d+\)$/),
    ]);
    expect(reports.at(-1)).toMatchObject({ deployment: 7, status: 'restarted' });
    // On purpose, not a crash.
    expect(instances.every(({ service }) => service.restarts === 0)).toBe(true);
  }, 30_000);

  it('puts a service that cannot start on the new code back on the code it ran, and says the restart failed', async () => {
    reports.length = 0;
    restarter.request({ type: 'restart-services', deployment: 8, services: ['api', 'cms'], root: brokenRoot });
    // A second request waits for the first.
    restarter.request({ type: 'restart-services', deployment: 9, services: ['api'], root: newRoot });
    await restarter.idle();
    const after = await Promise.all(instances.map(({ port }) => answer(port)));
    expect(after.map((a) => a.version)).toEqual(['2', '2']);
    const eight = reports.filter((r) => r.deployment === 8);
    expect(eight.at(-1)).toMatchObject({ status: 'failed', line: 'api-1 could not run the new code; the previous code runs again' });
    expect(reports.findIndex((r) => r.deployment === 9)).toBeGreaterThan(reports.findIndex((r) => r.deployment === 8 && r.status === 'failed'));
    expect(reports.at(-1)).toMatchObject({ deployment: 9, status: 'restarted' });
  }, 30_000);

  it('ignores anything that is not a restart request', async () => {
    reports.length = 0;
    for (const junk of [null, 'restart', { type: 'restart-services' }, { type: 'restart-services', deployment: '1', services: ['api'], root: newRoot }, { type: 'other', deployment: 1, services: ['api'], root: newRoot }]) restarter.request(junk);
    await restarter.idle();
    expect(reports).toEqual([]);
  });
});

/** A release folder named by its commit, holding an API and a CMS that answer with their version. */
function release(releases, commit, version = commit.slice(0, 7)) {
  for (const service of ['api', 'cms']) {
    mkdirSync(path.join(releases, commit, service), { recursive: true });
    writeFileSync(path.join(releases, commit, service, 'server.mjs'), SERVER(`${service} ${version}`));
  }
  return path.join(releases, commit);
}
const commit = (n) => String(n).repeat(40);

describe('restarting the API and the CMS from release folders', () => {
  const releases = path.join(home, 'releases');
  const appRoot = release(home, 'app', 'app');
  let api;
  let cms;
  let prepared;
  let failPrepare = false;
  let rr;
  beforeAll(async () => {
    const [apiPort, cmsPort] = [await freePort(), await freePort()];
    const start = (name, port) => ({ port, service: startService(name, ['server.mjs'], { cwd: path.join(appRoot, name), env: { ...process.env, PORT: String(port) } }, (who, line) => lines.push(`${who}: ${line}`)) });
    api = start('api', apiPort);
    cms = start('cms', cmsPort);
    for (const { port } of [api, cms]) {
      for (let i = 0; i < 100 && (await answer(port)) === null; i++) await new Promise((r) => setTimeout(r, 100));
    }
    prepared = [];
    rr = createRollingRestarter({
      groups: { api: [{ service: api.service, healthUrl: `http://127.0.0.1:${apiPort}/` }], cms: [{ service: cms.service, healthUrl: `http://127.0.0.1:${cmsPort}/` }] },
      appRoot,
      prepare: {
        cms: async (root) => {
          prepared.push(root);
          if (failPrepare) throw new Error('next build exited with 1\nType error in src/payload.config.ts');
        },
      },
      report: async (deployment, status, line) => void reports.push({ deployment, status, line }),
      log: (name, line) => lines.push(`${name}: ${line}`),
      healthTimeoutMs: 5_000,
    });
  });
  afterAll(async () => {
    for (const s of [api, cms]) await s?.service.stop();
  });
  const versions = async () => [(await answer(api.port)).version, (await answer(cms.port)).version];

  it('restarts the CMS from the release it is asked for after the API moved on alone', async () => {
    reports.length = 0;
    rr.request({ type: 'restart-services', deployment: 20, services: ['api'], root: release(releases, commit(1)) });
    await rr.idle();
    expect(await versions()).toEqual(['api 1111111', 'cms app']);
    expect(prepared).toEqual([]);
    rr.request({ type: 'restart-services', deployment: 21, services: ['api', 'cms'], root: release(releases, commit(2)) });
    await rr.idle();
    expect(await versions()).toEqual(['api 2222222', 'cms 2222222']);
    expect(prepared).toEqual([path.join(releases, commit(2))]);
    expect(reports.at(-1)).toMatchObject({ deployment: 21, status: 'restarted' });
  }, 30_000);

  it('keeps every service running as it was when the CMS cannot be built in the new code, and says why', async () => {
    reports.length = 0;
    failPrepare = true;
    const pids = [api.service.child.pid, cms.service.child.pid];
    rr.request({ type: 'restart-services', deployment: 22, services: ['api', 'cms'], root: release(releases, commit(3)) });
    await rr.idle();
    failPrepare = false;
    expect([api.service.child.pid, cms.service.child.pid]).toEqual(pids);
    expect(await versions()).toEqual(['api 2222222', 'cms 2222222']);
    expect(reports.at(-1)).toEqual({ deployment: 22, status: 'failed', line: 'the cms could not be prepared (next build exited with 1 Type error in src/payload.config.ts): nothing was restarted, the previous code keeps running' });
  }, 30_000);

  it('removes the releases nothing runs from, and keeps the ones the API and the CMS run from', async () => {
    // Release 1 (the API's before) and 3 (never started) are gone; 2 runs both.
    expect(readdirSync(releases).sort()).toEqual([commit(2)]);
    rr.request({ type: 'restart-services', deployment: 23, services: ['api'], root: release(releases, commit(4)) });
    await rr.idle();
    // The CMS still runs from release 2: it is kept beside the API's release 4.
    expect(readdirSync(releases).sort()).toEqual([commit(2), commit(4)]);
    expect(await versions()).toEqual(['api 4444444', 'cms 2222222']);
    // Only folders named by a commit are ever removed.
    expect(readdirSync(home)).toContain('app');
  }, 30_000);
});
