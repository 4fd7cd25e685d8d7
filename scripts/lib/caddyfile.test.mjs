import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { readsThenStops, untilClosed } from '@app/test-support/raw-connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMITS, MINTED_REQUEST_HEADERS, REFUSED_PATHS, STRIPPED_REQUEST_HEADERS } from '../../deploy/edge.mjs';
import { EDGE_TIMEOUTS } from './front-door-timeouts.mjs';
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

/** A stand-in API: answers once it has the whole body; /api/big is larger than any socket buffer; /ws echoes. */
const BIG_ANSWER = 64 * 1024 * 1024;
const api = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url === '/api/big') return res.end(Buffer.alloc(BIG_ANSWER, 'a'));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'] ?? null, requestId: req.headers['x-request-id'] ?? null }));
  });
});
new WebSocketServer({ server: api }).on('connection', (ws) => ws.on('message', (m) => ws.send(`echo ${m}`)));
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

/** What the stand-in API was given for a request through Caddy on `port`. */
function echo(port, headers = {}, urlPath = '/api/echo') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: urlPath, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(body)) : reject(new Error(String(res.statusCode)))));
    });
    req.on('error', reject);
    req.end();
  });
}

const forwardedFor = (port, xff, urlPath) => echo(port, xff ? { 'x-forwarded-for': xff } : {}, urlPath).then((seen) => seen.forwardedFor);

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

describe('deploy/Caddyfile and X-Request-Id', () => {
  it('names every request itself, replacing the id a visitor sent', async () => {
    const port = await startCaddy({});
    const [first, second] = [await echo(port, { 'x-request-id': 'chosen-by-visitor-1' }), await echo(port, { 'x-request-id': 'chosen-by-visitor-1' })];
    expect(first.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(second.requestId).not.toBe(first.requestId);
  }, 30_000);
});

describe('deploy/Caddyfile’s timeouts (slowloris)', () => {
  /** Short timeouts through the Caddyfile's own placeholders, so the tests are quick. */
  const SHORT = { CADDY_READ_HEADER_TIMEOUT: '1s', CADDY_READ_BODY_TIMEOUT: '2s', CADDY_WRITE_TIMEOUT: '3s', CADDY_IDLE_TIMEOUT: '1s' };
  const LONGER_THAN_ALL_MS = 4500;
  let port;
  beforeAll(async () => {
    port = await startCaddy(SHORT);
  }, 30_000);

  it('defaults to the front door’s figures (scripts/lib/front-door-timeouts.mjs)', () => {
    const config = JSON.parse(execFileSync('caddy', ['adapt', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], { env: { ...process.env, SITE_ADDRESS: 'http://localhost:8080' }, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
    const ns = (ms) => ms * 1_000_000;
    for (const server of Object.values(config.apps.http.servers)) {
      expect(server).toMatchObject({ read_header_timeout: ns(EDGE_TIMEOUTS.readHeaderMs), read_timeout: ns(EDGE_TIMEOUTS.readBodyMs), write_timeout: ns(EDGE_TIMEOUTS.writeMs), idle_timeout: ns(EDGE_TIMEOUTS.idleMs) });
    }
  });

  it('closes a connection whose headers never end, and one that sends nothing', async () => {
    const [slow, silent] = await Promise.all([untilClosed(port, `GET /api/echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: 1\r\n`), untilClosed(port, '')]);
    expect(slow).not.toMatch(/^HTTP\/1\.1 200/);
    expect(silent).not.toMatch(/^HTTP\/1\.1 200/);
  }, 15_000);

  it('closes a request whose announced body never comes, and the API never answers it', async () => {
    const received = await untilClosed(port, `POST /api/comments HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`);
    expect(received).not.toContain('forwardedFor');
  }, 15_000);

  it('closes a kept-alive connection left idle after its answer', async () => {
    const received = await untilClosed(port, `GET /api/echo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(received).toMatch(/^HTTP\/1\.1 200 [^]*"forwardedFor"/);
  }, 15_000);

  it('cuts an answer its visitor stopped reading', async () => {
    expect(await readsThenStops(port, `GET /api/big HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`, LONGER_THAN_ALL_MS)).toBeLessThan(BIG_ANSWER);
  }, 15_000);

  it('keeps an upgraded chat socket (/ws) open past every timeout', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { host: `127.0.0.1:${port}` } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    await new Promise((r) => setTimeout(r, LONGER_THAN_ALL_MS));
    const echoed = new Promise((resolve) => ws.once('message', (m) => resolve(String(m))));
    ws.send('still here');
    expect(await echoed).toBe('echo still here');
    ws.close();
  }, 15_000);
});

describe('deploy/Caddyfile states the edge’s table (deploy/edge.mjs), as the front door reads it', () => {
  const adapted = () => JSON.parse(execFileSync('caddy', ['adapt', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], { env: { ...process.env, SITE_ADDRESS: 'http://localhost:8080' }, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  /** Every route of the public site's server that carries a matcher, with its handlers. */
  const routes = (config) => {
    const found = [];
    const walk = (o) => {
      if (Array.isArray(o)) return o.forEach(walk);
      if (!o || typeof o !== 'object') return;
      if (Array.isArray(o.match) && Array.isArray(o.handle)) found.push(o);
      Object.values(o).forEach(walk);
    };
    walk(config.apps.http.servers);
    return found;
  };
  const classMatch = (c) => ({ ...(c.methods && { method: c.methods }), ...(c.paths && { path: c.paths }) });

  it('limits each class of request body to the table’s size, on the table’s paths and methods, with the declared length refused first', () => {
    const all = routes(adapted());
    const specific = BODY_LIMITS.filter((c) => c.paths);
    for (const c of BODY_LIMITS) {
      const limiting = all.filter((r) => r.handle.some((h) => h.handler === 'request_body' && h.max_size === c.bytes));
      expect(limiting, c.name).toHaveLength(1);
      const declared = all.filter((r) => r.handle.some((h) => h.handler === 'error' && h.status_code === 413) && r.match[0].expression?.endsWith(`> ${c.bytes}`));
      expect(declared, c.name).toHaveLength(1);
      // The catch-all class is "none of the others", in the table's order.
      const expected = c.paths ? classMatch(c) : { not: specific.map(classMatch) };
      expect(limiting[0].match).toEqual([expected]);
      const { expression, ...rest } = declared[0].match[0];
      expect(expression).toBeTruthy();
      expect(rest).toEqual(expected);
    }
  });

  it('refuses the table’s service-only paths, strips and mints the table’s headers', () => {
    const config = adapted();
    const refusing = routes(config).filter((r) => r.handle.some((h) => h.handler === 'static_response' && h.status_code === 404));
    expect(refusing.map((r) => r.match)).toContainEqual([{ path: REFUSED_PATHS }]);
    const headers = [];
    const walk = (o) => {
      if (Array.isArray(o)) return o.forEach(walk);
      if (!o || typeof o !== 'object') return;
      if (o.handler === 'headers' && o.request) headers.push(o.request);
      Object.values(o).forEach(walk);
    };
    walk(config.apps.http.servers);
    expect(headers.flatMap((h) => h.delete ?? [])).toEqual(expect.arrayContaining(STRIPPED_REQUEST_HEADERS));
    expect(headers.flatMap((h) => Object.keys(h.set ?? {}))).toEqual(expect.arrayContaining(MINTED_REQUEST_HEADERS));
  });
});
