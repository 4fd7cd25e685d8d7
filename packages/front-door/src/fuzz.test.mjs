import fc from 'fast-check';
import { createServer } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, PUBLIC_HOST, testDoor } from './test-door.mjs';

/**
 * The front door sent generated requests as bytes on the wire: any method, path and header lines
 * (duplicated, hop-by-hop, framing, huge, control and non-ASCII characters). Its first answer must
 * come, below 500, and afterwards an ordinary API read must still be relayed (a request the relay
 * chokes on must not cost a pooled connection). FUZZ_RUNS cases (200 here; `npm run fuzz` runs
 * 10,000); FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ANSWER_WITHIN_MS = 3000;

/** A stand-in for the API and the CMS: reads the whole body, then answers. */
const upstream = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(req.url === '/api/user' ? 201 : 200, { 'Content-Type': 'application/json' });
    res.end('{"ok":true}');
  });
});

let door;
let port;

beforeAll(async () => {
  const upstreamPort = await listen(upstream);
  door = testDoor({ apiUrl: `http://127.0.0.1:${upstreamPort}`, cmsUrl: `http://127.0.0.1:${upstreamPort}`, retryForMs: 0 });
  port = await listen(door);
});
afterAll(() => {
  for (const s of [door, upstream]) s?.closeAllConnections();
  for (const s of [door, upstream]) s?.close();
});

/**
 * Writes `bytes` on a new connection and resolves with the first final answer's status, or null
 * when the door closed the connection without one (Node does that to CONNECT and to upgrades it
 * has nobody for); rejects when nothing comes in time.
 */
function firstAnswer(bytes) {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    const done = (status) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(status);
    };
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('no answer in time'));
    }, ANSWER_WITHIN_MS);
    socket.on('data', (d) => {
      got += d.toString('latin1');
      // Interim answers (100 Continue) are skipped.
      for (let m; (m = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n[^]*?\r\n\r\n/.exec(got)); got = got.slice(m[0].length)) {
        if (Number(m[1]) >= 200) return done(Number(m[1]));
      }
    });
    socket.on('error', () => done(null));
    socket.on('close', () => done(null));
    socket.write(bytes, 'latin1');
  });
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'PRI', 'get', 'FOO', ''];
const PATHS = ['/api/user', '/api/articles?page=2', '/api/bulletin', '/', '/articles/1', '/cms/api/users', '/cms/admin', '/media/a.png', '/api/internal/rebuild', '/API/Internal/x', '/api/%00', '/api/%zz', '/api/../cms', '/api\\internal', '//evil.example', '/ws', '/_next/x', '*', `http://${PUBLIC_HOST}/api/user`, '/api/user#x', '/' + 'a'.repeat(9000)];
const NAMES = ['Host', 'host', 'HOST', 'Content-Length', 'content-length', 'Transfer-Encoding', 'Expect', 'Connection', 'Keep-Alive', 'Upgrade', 'TE', 'Trailer', 'Proxy-Connection', 'X-Internal-Secret', 'X-Forwarded-For', 'X-Forwarded-Host', 'X-Forwarded-Proto', 'Cookie', 'Accept-Encoding', 'If-None-Match', 'Range', 'Origin', 'Content-Type', 'Authorization', 'Sec-WebSocket-Key'];
const VALUES = ['', '0', '5', '-1', '1.5', '1e3', '99999999999999999999', '600000', 'abc', 'chunked', 'gzip, chunked', 'chunked, gzip', 'close', 'keep-alive', 'Upgrade', 'websocket', 'h2c', '100-continue', '200-ok', 'trailers', PUBLIC_HOST, `${PUBLIC_HOST}:80`, '127.0.0.1', 'evil.example', 'sid=x; sid=y', 'br, gzip', '"etag"', 'bytes=0-1', 'null', '\u00e9t\u00e9 \u00ff', 'a\u0000b', 'a\u0007b', 'a\u007fb', ' padded ', 'x'.repeat(9000), 'x'.repeat(70000)];

const token = fc.string({ unit: fc.constantFrom(...'!#$%&\'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 1, maxLength: 24 });
const anyLatin1 = fc.string({ unit: fc.integer({ min: 0, max: 255 }).map((c) => String.fromCharCode(c)), maxLength: 40 });
const headerLine = fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...NAMES) }, token, anyLatin1), fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...VALUES) }, anyLatin1)).map(([name, value]) => `${name}: ${value}`);

const request = fc
  .record({
    method: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('GET', 'POST') }, fc.constantFrom(...METHODS), token),
    path: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PATHS) }, anyLatin1.map((s) => `/api/${s}`)),
    version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x'),
    host: fc.boolean(),
    lines: fc.array(headerLine, { maxLength: 8 }),
  })
  .map(({ method, path, version, host, lines }) => {
    const all = [...(host ? [`Host: ${PUBLIC_HOST}`] : []), ...lines, 'Connection: close'];
    // The body the lines announce, so that a well-formed request is complete.
    const framing = (name) => lines.find((l) => l.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim();
    const length = framing('content-length');
    const body = framing('transfer-encoding') !== undefined ? '0\r\n\r\n' : /^\d{1,3}$/.test(length ?? '') ? 'x'.repeat(Number(length)) : '';
    return `${method} ${path} ${version}\r\n${all.map((l) => `${l}\r\n`).join('')}\r\n${body}`;
  });

describe('the front door fuzzed on the wire', () => {
  it(`answers ${RUNS} generated requests below 500, and still relays API reads after each`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (bytes) => {
        const status = await firstAnswer(bytes);
        expect(status === null || status < 500, `${status} for ${JSON.stringify(bytes.slice(0, 300))}`).toBe(true);
        const after = await firstAnswer(`GET /api/user HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\nConnection: close\r\n\r\n`);
        expect(after, `an API read after ${JSON.stringify(bytes.slice(0, 300))}`).toBe(201);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
  }, 60_000 + RUNS * 100);
});
