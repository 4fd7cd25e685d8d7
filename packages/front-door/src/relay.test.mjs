import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exchange } from '@app/test-support/raw-connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReadRelay } from './relay.mjs';
import { listen, PUBLIC_HOST, testDoor } from './test-door.mjs';

/** A stand-in API: answers with the headers and body it received; `/api/slow` never answers (and says when it was abandoned). */
const upstream = { abandoned: 0, posted: 0 };
const api = createServer((req, res) => {
  if (req.url === '/api/slow') {
    res.on('close', () => (upstream.abandoned += 1));
    return;
  }
  if (req.url === '/api/big') {
    // More than the sockets' buffers hold: the relay must wait for the visitor to read.
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
    for (let i = 0; i < 64; i++) res.write(Buffer.alloc(64 * 1024, i));
    return res.end();
  }
  if (req.url === '/api/plain') {
    res.writeHead(200, ['Content-Type', 'application/json', 'Set-Cookie', 'a=1; Path=/', 'Set-Cookie', 'b=2; Path=/', 'X-Request-Id', 'req-2', 'Content-Length', '2']);
    return res.end('{}');
  }
  if (req.url === '/api/stream') {
    res.writeHead(200, { 'Content-Type': 'text/plain', Connection: 'keep-alive', 'Keep-Alive': 'timeout=5' });
    res.write('first ');
    return setTimeout(() => res.end('second'), 20);
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    if (req.method === 'POST') upstream.posted += 1;
    res.writeHead(201, { 'Content-Type': 'application/json', 'Set-Cookie': ['a=1; Path=/', 'b=2; Path=/'], 'X-Request-Id': 'req-1', 'X-Content-Type-Options': 'nosniff' });
    res.end(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }));
  });
});

let door;
let port;
let apiPort;

beforeAll(async () => {
  apiPort = await listen(api);
  door = testDoor({ apiUrl: `http://127.0.0.1:${apiPort}` });
  port = await listen(door);
});
afterAll(() => {
  for (const s of [door, api]) s.closeAllConnections();
  for (const s of [door, api]) s.close();
});

function get(path, headers = {}, method = 'GET') {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: PUBLIC_HOST, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the front door relays bodiless requests', () => {
  it('passes the status, every header (both cookies) and the body as the API wrote them', async () => {
    const res = await get('/api/user?x=1', { cookie: 'session=s1', 'x-forwarded-for': '203.0.113.7' });
    expect(res.status).toBe(201);
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers['x-request-id']).toBe('req-1');
    // The API sets its security headers itself: the front door adds no second copy.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBeUndefined();
    const seen = JSON.parse(res.body);
    expect(seen).toMatchObject({ method: 'GET', url: '/api/user?x=1' });
    expect(seen.headers.cookie).toBe('session=s1');
    // This hop is added to what came before it, as http-proxy's xfwd does.
    expect(seen.headers['x-forwarded-for']).toBe('203.0.113.7,127.0.0.1');
    expect(seen.headers['x-forwarded-host']).toBe(PUBLIC_HOST);
    expect(seen.headers['x-forwarded-proto']).toBe('http');
  });

  it('writes a 200’s head as writeHead would, line for line, on every request of a kept-alive connection', async () => {
    const get = (method) => `${method} /api/plain HTTP/1.1\r\nHost: ${PUBLIC_HOST}\r\n\r\n`;
    // GETs take the head written as text (head-text.ts); a HEAD is written by writeHead.
    const { answers, closed } = await exchange(port, [get('GET'), get('GET'), get('HEAD')]);
    expect(closed).toBe(false);
    const withoutDate = (head) => head.replace(/\r\nDate: [^\r]+/, '');
    expect(answers[0]).toMatch(/^HTTP\/1\.1 200 OK\r\nContent-Type: application\/json\r\nSet-Cookie: a=1; Path=\/\r\nSet-Cookie: b=2; Path=\/\r\nX-Request-Id: req-2\r\nContent-Length: 2\r\nDate: [^\r]+ GMT\r\nConnection: keep-alive\r\nKeep-Alive: timeout=\d+\r\n\r\n$/);
    expect(answers.map(withoutDate)).toEqual([answers[0], answers[0], answers[0]].map(withoutDate));
  });

  it('drops hop-by-hop headers both ways and never passes the internal secret', async () => {
    const res = await get('/api/user', { 'keep-alive': 'timeout=1', 'proxy-connection': 'keep-alive', te: 'trailers', 'x-internal-secret': 'guess' });
    const seen = JSON.parse(res.body).headers;
    for (const name of ['keep-alive', 'proxy-connection', 'te', 'x-internal-secret']) expect(seen[name]).toBeUndefined();
    const streamed = await get('/api/stream');
    expect(streamed.body).toBe('first second');
    // The front door's own connection settings, not the upstream's.
    expect(streamed.headers['keep-alive']).not.toBe('timeout=5');
  });

  it('passes a large answer whole to a visitor who reads slowly', async () => {
    const body = await new Promise((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/big', headers: { host: PUBLIC_HOST } }, (res) => {
        const chunks = [];
        res.on('data', (c) => {
          chunks.push(c);
          res.pause();
          setTimeout(() => res.resume(), 1);
        });
        res.on('end', () => resolve(Buffer.concat(chunks)));
      })
        .on('error', reject)
        .end();
    });
    expect(body.length).toBe(64 * 64 * 1024);
    expect([body[0], body[64 * 1024 * 30], body.at(-1)]).toEqual([0, 30, 63]);
  });

  it('answers HEAD without a body', async () => {
    const res = await get('/api/user', {}, 'HEAD');
    expect(res.status).toBe(201);
    expect(res.body).toBe('');
  });

  it('ends the upstream request when the visitor leaves before the answer', async () => {
    const before = upstream.abandoned;
    await new Promise((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/slow', headers: { host: PUBLIC_HOST } });
      req.on('error', () => resolve());
      req.end();
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 100);
    });
    await expect.poll(() => upstream.abandoned, { timeout: 2000 }).toBe(before + 1);
  });

  it('answers 502 in the API’s error shape when the API cannot be reached', async () => {
    // It waits retryForMs for a restarting API before answering 502.
    const down = testDoor({ apiUrl: 'http://127.0.0.1:9', site: null, retryForMs: 300 });
    const downPort = await listen(down);
    try {
      const res = await new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port: downPort, path: '/api/user', headers: { host: PUBLIC_HOST } }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode, headers: r.headers, body }));
        })
          .on('error', reject)
          .end();
      });
      expect(res.status).toBe(502);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(JSON.parse(res.body)).toEqual({ message: 'The service is temporarily unavailable. Please try again shortly.' });
    } finally {
      down.close();
    }
  });
});

/** One request written by hand on its own connection (`headerLines` as sent); its status and body. */
function rawGet(toPort, path, headerLines) {
  return new Promise((resolve, reject) => {
    const socket = connect(toPort, '127.0.0.1');
    let got = '';
    socket.on('data', (d) => (got += d.toString('latin1')));
    socket.on('end', () => {
      // Interim answers (100 Continue) come first.
      got = got.replace(/^(HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
      const end = got.indexOf('\r\n\r\n');
      let body = got.slice(end + 4);
      if (/\r\ntransfer-encoding: chunked/i.test(got.slice(0, end))) {
        let plain = '';
        for (let at = 0, size; (size = parseInt(body.slice(at), 16)) > 0; at = body.indexOf('\r\n', at) + 2 + size + 2) plain += body.substr(body.indexOf('\r\n', at) + 2, size);
        body = plain;
      }
      resolve({ status: Number(got.slice(9, 12)), body });
    });
    socket.on('error', reject);
    socket.setTimeout(2000, () => {
      socket.destroy();
      reject(new Error(`no answer to ${path}`));
    });
    socket.write(`GET ${path} HTTP/1.1\r\n${[...headerLines, 'Connection: close'].map((line) => `${line}\r\n`).join('')}\r\n`);
  });
}

describe('the front door relays an API call with a small body, read whole', () => {
  /** Posts a body in `pieces` a moment apart (or leaves before its end); resolves with the answer, or null when there was none. */
  const post = (pieces, { headers = {}, leave = false } = {}) =>
    new Promise((resolve) => {
      const body = pieces.join('');
      const chunked = headers['transfer-encoding'] === 'chunked';
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/views', headers: { host: PUBLIC_HOST, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', ...(chunked ? {} : { 'content-length': Buffer.byteLength(body) }), ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, seen: JSON.parse(text) }));
      });
      req.on('error', () => resolve(null));
      void (async () => {
        for (const piece of pieces) {
          req.write(piece);
          await new Promise((r) => setTimeout(r, 30));
        }
        if (leave) req.destroy();
        else req.end();
      })();
    });

  it('passes the body and its headers on, and the answer back, as for a bodiless call; a body in pieces too', async () => {
    for (const pieces of [['{"articleId":7}'], ['{"artic', 'leId":7}']]) {
      const { status, headers, seen } = await post(pieces);
      expect(status).toBe(201);
      // The relay's answer: the API's own lines, no second set of security headers from the door.
      expect(headers['x-frame-options']).toBeUndefined();
      expect(seen).toMatchObject({ method: 'POST', url: '/api/views', body: '{"articleId":7}' });
      expect(seen.headers).toMatchObject({ 'content-type': 'application/json', 'content-length': '15', 'x-forwarded-for': '203.0.113.9,127.0.0.1' });
      expect(seen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('sends nothing on for a client that leaves mid-body, and stays up', async () => {
    const before = upstream.posted;
    expect(await post(['{"artic'], { headers: { 'content-length': '15' }, leave: true })).toBe(null);
    await new Promise((r) => setTimeout(r, 100));
    expect(upstream.posted).toBe(before);
    expect((await get('/api/user')).status).toBe(201);
  });

  it('leaves a body past the small size, or chunked, to the general proxy, which passes it on whole', async () => {
    const big = JSON.stringify({ text: 'x'.repeat(20_000) });
    const [large, chunked] = await Promise.all([post([big]), post(['{"artic', 'leId":7}'], { headers: { 'transfer-encoding': 'chunked' } })]);
    expect(large.seen.body).toBe(big);
    // The general proxy's answer carries the door's security headers.
    expect(large.headers['x-frame-options']).toBeDefined();
    expect(chunked.seen).toMatchObject({ body: '{"articleId":7}', headers: { 'transfer-encoding': 'chunked' } });
  });
});

describe('requests the relay must not pass on as they are', () => {
  // Each one used to be refused inside undici, which then kept a pooled connection busy for good:
  // a few hundred of them and every API call through the front door waited forever.
  it('refuses two Host lines with 400, and 300 of them leave the API reachable', async () => {
    for (let i = 0; i < 300; i++) {
      const res = await rawGet(port, '/api/user', [`Host: ${PUBLIC_HOST}`, 'Host: 127.0.0.1']);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ message: 'The request has more than one Host header.', code: 'bad_request' });
    }
    expect((await rawGet(port, '/api/user', [`Host: ${PUBLIC_HOST}`])).status).toBe(201);
  });

  it('relays a bodiless request that says Expect: 100-continue, without the Expect', async () => {
    for (let i = 0; i < 300; i++) {
      const res = await rawGet(port, '/api/user', [`Host: ${PUBLIC_HOST}`, 'Expect: 100-continue']);
      expect(res.status).toBe(201);
      expect(JSON.parse(res.body).headers.expect).toBeUndefined();
    }
  });

  it('answers 400 to whatever else undici refuses, and replaces the pool it would have jammed', async () => {
    // A header Node accepts that undici does not, as a future difference between them would be.
    const relay = createReadRelay({ unavailable: () => {}, invalid: (_req, res) => res.writeHead(400, { 'Content-Length': 0 }).end() });
    const odd = createServer((req, res) => {
      if (req.headers['x-odd'] !== undefined) req.rawHeaders.push('x-odd', 'bell\u0007');
      relay(req, res, `http://127.0.0.1:${apiPort}`);
    });
    const oddPort = await listen(odd);
    try {
      for (let i = 0; i < 300; i++) expect((await rawGet(oddPort, '/api/user', ['Host: a', 'X-Odd: 1'])).status).toBe(400);
      expect((await rawGet(oddPort, '/api/user', ['Host: a'])).status).toBe(201);
    } finally {
      odd.closeAllConnections();
      odd.close();
      await relay.close();
    }
  });
});

describe('a service restarting', () => {
  it('waits for an API that refuses connections for a moment (a restart) instead of answering 502', async () => {
    const apiPort = await new Promise((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = probe.address();
        probe.close(() => resolve(p));
      });
    });
    const door2 = testDoor({ apiUrl: `http://127.0.0.1:${apiPort}`, site: null });
    const doorPort = await listen(door2);
    const late = createServer((_req, res) => res.end('{"back":true}'));
    try {
      const answered = new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port: doorPort, path: '/api/user', headers: { host: PUBLIC_HOST } }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode, body }));
        }).on('error', reject).end();
      });
      // The API comes back 400 ms later.
      await new Promise((r) => setTimeout(r, 400));
      late.listen(apiPort, '127.0.0.1');
      expect(await answered).toEqual({ status: 200, body: '{"back":true}' });
    } finally {
      late.close();
      door2.close();
    }
  });
});

describe('reads through the API’s unix socket (API_SOCKET)', () => {
  it('relays reads through the socket, not the TCP port, and waits while its file is missing (a restart)', async () => {
    const socketPath = path.join(tmpdir(), `front-door-relay-${process.pid}.sock`);
    // Nothing listens on the TCP address: an answer can only have come through the socket.
    const door2 = testDoor({ apiUrl: 'http://127.0.0.1:9', apiSocket: socketPath, site: null });
    const doorPort = await listen(door2);
    const viaSocket = createServer((req, res) => res.end(JSON.stringify({ url: req.url, forwardedFor: req.headers['x-forwarded-for'] })));
    const read = (p) =>
      new Promise((resolve, reject) => {
        request({ host: '127.0.0.1', port: doorPort, path: p, headers: { host: PUBLIC_HOST } }, (r) => {
          let body = '';
          r.on('data', (c) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode, body }));
        }).on('error', reject).end();
      });
    try {
      // The socket's file does not exist yet; the API makes it 400 ms later.
      const first = read('/api/user?first');
      await new Promise((r) => setTimeout(r, 400));
      await new Promise((r) => viaSocket.listen(socketPath, r));
      expect(await first).toEqual({ status: 200, body: JSON.stringify({ url: '/api/user?first', forwardedFor: '127.0.0.1' }) });
      expect(await read('/api/favorites')).toEqual({ status: 200, body: JSON.stringify({ url: '/api/favorites', forwardedFor: '127.0.0.1' }) });
    } finally {
      viaSocket.closeAllConnections();
      viaSocket.close();
      door2.closeAllConnections();
      door2.close();
    }
  });
});
