// Caddy with the repository's deploy/Caddyfile, as the tests start it: on free ports, in front of
// the upstreams each test names (unnamed ones are a closed port), with a data folder of its own.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureCaddy } from './caddy.mjs';

export const CADDYFILE = fileURLToPath(new URL('../../../deploy/Caddyfile', import.meta.url));

export const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

export async function freePort() {
  const s = createServer();
  const port = await listen(s);
  await new Promise((r) => s.close(r));
  return port;
}

/** Whether anything answers HTTP on `port` (the stand-in upstreams may answer with any status). */
const answers = (port) =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/health', headers: { host: `127.0.0.1:${port}` } }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.end();
  });

/** Starts Caddys for one test file; `stopAll` in its afterAll. */
export function caddyRunner() {
  ensureCaddy(() => {});
  const home = mkdtempSync(path.join(tmpdir(), 'caddyfile-test-'));
  const children = [];

  /** Caddy on a port of its own for the public site; resolves with that port once /api/health answers 200 through it. */
  async function start(env = {}) {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    const child = spawn('caddy', ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: {
        ...process.env,
        XDG_DATA_HOME: home,
        XDG_CONFIG_HOME: home,
        CADDY_ADMIN: 'off',
        SITE_ADDRESS: publicUrl,
        PUBLIC_URL: publicUrl,
        OTHER_HOSTS_ADDRESS: `:${await freePort()}`,
        API_UPSTREAMS: '127.0.0.1:9',
        CMS_UPSTREAM: '127.0.0.1:9',
        SITE_UPSTREAM: '127.0.0.1:9',
        MEDIA_ROOT: home,
        INTERNAL_API_PORT: String(await freePort()),
        ...env,
      },
      stdio: 'ignore',
    });
    children.push(child);
    for (let i = 0; i < 100; i++) {
      if (await answers(port)) return port;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('Caddy did not start');
  }

  function stopAll() {
    for (const c of children) c.kill();
    rmSync(home, { recursive: true, force: true });
  }

  return { home, start, stopAll };
}
