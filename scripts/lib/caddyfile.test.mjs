import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCaddy } from './production-shape.mjs';
import { root } from './stack.mjs';

/**
 * The shipped deploy/Caddyfile, run by Caddy in front of a stand-in API: which X-Forwarded-For
 * the API is given decides the address every per-address limit counts.
 */
const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));
const freePort = async () => {
  const s = createServer();
  const port = await listen(s);
  await new Promise((r) => s.close(r));
  return port;
};

const api = createServer((req, res) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'] ?? null }));
});
let apiPort;
const caddies = [];
const home = mkdtempSync(path.join(tmpdir(), 'caddyfile-test-'));

/** Caddy with the repository's Caddyfile on a port of its own; resolves with that port once it proxies. */
async function startCaddy(extraEnv, internalPort) {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const child = spawn('caddy', ['run', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    env: { ...process.env, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home, CADDY_ADMIN: 'off', SITE_ADDRESS: publicUrl, PUBLIC_URL: publicUrl, OTHER_HOSTS_ADDRESS: `:${await freePort()}`, API_UPSTREAMS: `127.0.0.1:${apiPort}`, CMS_UPSTREAM: '127.0.0.1:9', SITE_UPSTREAM: '127.0.0.1:9', MEDIA_ROOT: home, INTERNAL_API_PORT: String(internalPort ?? (await freePort())), ...extraEnv },
    stdio: 'ignore',
  });
  caddies.push(child);
  for (let i = 0; i < 100; i++) {
    const ok = await forwardedFor(port).then(() => true, () => false);
    if (ok) return port;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('Caddy did not start');
}

function forwardedFor(port, xff, urlPath = '/api/echo') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, headers: { host: `127.0.0.1:${port}`, ...(xff ? { 'x-forwarded-for': xff } : {}) } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body).forwardedFor) : reject(new Error(String(res.statusCode)))));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  ensureCaddy(() => {});
  apiPort = await listen(api);
}, 120_000);
afterAll(() => {
  for (const c of caddies) c.kill();
  api.close();
  rmSync(home, { recursive: true, force: true });
});

describe('deploy/Caddyfile and X-Forwarded-For', () => {
  it('gives the API only the connecting address by default, whatever the visitor claims', async () => {
    const port = await startCaddy({});
    expect(await forwardedFor(port, '10.9.8.7')).toBe('127.0.0.1');
  }, 30_000);

  it('keeps the address a trusted proxy in front forwarded (TRUSTED_PROXIES), adding the one it saw', async () => {
    const port = await startCaddy({ TRUSTED_PROXIES: '127.0.0.1/32' });
    expect(await forwardedFor(port, '10.9.8.7')).toBe('10.9.8.7, 127.0.0.1');
  }, 30_000);

  it('lets our own services reach internal routes on the loopback listener, never through the public site', async () => {
    const internalPort = await freePort();
    const port = await startCaddy({}, internalPort);
    await expect(forwardedFor(port, undefined, '/api/internal/site-admin')).rejects.toThrow('404');
    // No X-Forwarded-For on the internal listener: the API takes the call as a direct one.
    expect(await forwardedFor(internalPort, '10.9.8.7', '/api/internal/site-admin')).toBeNull();
  }, 30_000);
});
