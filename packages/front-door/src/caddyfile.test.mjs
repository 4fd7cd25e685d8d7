import { execFileSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import { WebSocket, WebSocketServer } from 'ws';
import { readsThenStops, untilClosed } from '@app/test-support/raw-connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caddyRunner, CADDYFILE, freePort, listen } from './test-caddy.mjs';
import { EDGE_TIMEOUTS } from './timeouts.mjs';

/**
 * The shipped deploy/Caddyfile, run by Caddy in front of a stand-in API: which X-Forwarded-For
 * the API is given decides the address every per-address limit counts. (What it does with each
 * request of the edge's table is edge-table.test.mjs's.)
 */

/** A stand-in API: answers once it has the whole body; /api/big is larger than any socket buffer; /ws echoes. */
const BIG_ANSWER = 64 * 1024 * 1024;
const api = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url === '/api/big') return res.end(Buffer.alloc(BIG_ANSWER, 'a'));
    // As the API marks the public lists for a front door (shared-answers.mjs).
    res.writeHead(200, { 'Content-Type': 'application/json', 'X-Content-Generation': 'p1.2' });
    res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'] ?? null, requestId: req.headers['x-request-id'] ?? null }));
  });
});
// A frame the stand-in cannot read ends that socket, not the test run (one CI run saw an unmasked
// frame arrive as Caddy closed the upgraded connection: ws then throws unless someone listens).
new WebSocketServer({ server: api }).on('connection', (ws) => ws.on('message', (m) => ws.send(`echo ${m}`)).on('error', () => ws.terminate()));
let apiPort;
let caddy;

/** Caddy with the repository's Caddyfile in front of the stand-in API; resolves with its port. */
const startCaddy = (extraEnv, internalPort) => caddy.start({ API_UPSTREAMS: `127.0.0.1:${apiPort}`, ...(internalPort ? { INTERNAL_API_PORT: String(internalPort) } : {}), ...extraEnv });

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
  caddy = caddyRunner();
  apiPort = await listen(api);
}, 120_000);
afterAll(() => {
  caddy.stopAll();
  api.close();
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

describe('deploy/Caddyfile and the API’s answers', () => {
  it('keeps the mark the API gives a front door (X-Content-Generation) from visitors', async () => {
    const port = await startCaddy({});
    const direct = await fetch(`http://127.0.0.1:${apiPort}/api/echo`);
    expect(direct.headers.get('x-content-generation')).toBe('p1.2');
    const res = await fetch(`http://127.0.0.1:${port}/api/echo`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-content-generation')).toBeNull();
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

  it('defaults to the front door’s figures (timeouts.mjs)', () => {
    const config = JSON.parse(execFileSync('caddy', ['adapt', '--config', CADDYFILE, '--adapter', 'caddyfile'], { env: { ...process.env, SITE_ADDRESS: 'http://localhost:8080' }, stdio: ['ignore', 'pipe', 'ignore'] }).toString());
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
