import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { readsThenStops, untilClosed } from '@app/test-support/raw-connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, PUBLIC_HOST, testDoor } from './test-door.mjs';
import { EDGE_TIMEOUTS } from './timeouts.mjs';

/**
 * Slowloris at the front door: connections that never finish their request, idle ones and answers
 * nobody reads are closed; an upgraded WebSocket is not. Short timeouts, so the tests are quick.
 */
const TIMEOUTS = { readHeaderMs: 300, readBodyMs: 600, writeMs: 900, idleMs: 400 };
const LONGER_THAN_ALL = 3 * Math.max(...Object.values(TIMEOUTS));
const BIG_ANSWER = 64 * 1024 * 1024;

/** A stand-in API: answers once it has the whole body; /ws echoes. */
const api = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.end('{"ok":true}'));
});
new WebSocketServer({ server: api }).on('connection', (ws) => ws.on('message', (m) => ws.send(`echo ${m}`)));
/** A site whose page is larger than any socket buffer holds. */
const site = { handle: (_req, res) => Readable.from((function* () { for (let sent = 0; sent < BIG_ANSWER; sent += 65536) yield Buffer.alloc(65536, 'a'); })()).pipe(res) };

let door;
let port;
beforeAll(async () => {
  const apiPort = await listen(api);
  door = testDoor({ apiUrl: `http://127.0.0.1:${apiPort}`, site, timeouts: TIMEOUTS, checkEveryMs: 50 });
  port = await listen(door);
});
afterAll(() => {
  for (const s of [door, api]) s?.closeAllConnections();
  for (const s of [door, api]) s?.close();
});


describe('the front door’s timeouts (slowloris)', () => {
  it('states its figures once: the whole largest upload fits at 1 Mbit/s', () => {
    expect(EDGE_TIMEOUTS).toEqual({ readHeaderMs: 10_000, readBodyMs: 180_000, writeMs: 600_000, idleMs: 65_000 });
  });

  it('closes a connection whose headers never end, with 408', async () => {
    const received = await untilClosed(port, `GET /api/articles HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\nX-Slow: 1\r\n`);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection that never sends a byte', async () => {
    expect(await untilClosed(port, '')).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it('closes a request whose announced body never comes, with 408', async () => {
    const received = await untilClosed(port, `POST /api/comments HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":`);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a kept-alive connection left idle after its answer', async () => {
    const received = await untilClosed(port, `GET /api/articles HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\n\r\n`);
    expect(received).toMatch(/^HTTP\/1\.1 200 [^]*\{"ok":true\}$/);
  });

  it('cuts an answer its visitor stopped reading', async () => {
    expect(await readsThenStops(port, `GET /page HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\n\r\n`, LONGER_THAN_ALL)).toBeLessThan(BIG_ANSWER);
  });

  it('keeps an upgraded chat socket open past every timeout', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { host: PUBLIC_HOST } });
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    await new Promise((r) => setTimeout(r, LONGER_THAN_ALL));
    const echoed = new Promise((resolve) => ws.once('message', (m) => resolve(String(m))));
    ws.send('still here');
    expect(await echoed).toBe('echo still here');
    ws.close();
  });
});
