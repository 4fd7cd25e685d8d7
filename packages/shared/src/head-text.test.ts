import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exchange } from '@app/test-support/raw-connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headLines, writeHeadText, writeNoContentText } from './head-text.ts';

const body = '{"id":7,"username":"pro_member"}';
const headers = ['X-Content-Type-Options', 'nosniff', 'Content-Security-Policy', "default-src 'none'", 'X-Request-Id', 'a1b2', 'Content-Type', 'application/json; charset=utf-8', 'Content-Length', String(body.length)];
const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]+/, '');
const get = (extra = '', method = 'GET', version = '1.1') => `${method} /x HTTP/${version}\r\nHost: localhost\r\n${extra}\r\n`;

describe('a 200’s head written as text', () => {
  let servers: Server[] = [];
  let byText = 0;
  let byWriteHead = 0;
  const listen = async (handler: (req: IncomingMessage, res: ServerResponse) => void, options: { maxRequestsPerSocket?: number } = {}) => {
    const server = createServer({ keepAliveTimeout: 65_000 }, handler);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  /** As the API's hot reads and the door's relay do: the text when it may be, else writeHead. */
  const answer = (before?: (res: ServerResponse) => void) => (req: IncomingMessage, res: ServerResponse) => {
    before?.(res);
    if (writeHeadText(req, res, headLines(headers))) byText++;
    else {
      byWriteHead++;
      res.writeHead(200, headers);
    }
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  let text: number;
  let reference: number;

  beforeAll(async () => {
    text = await listen(answer());
    reference = await listen((_req, res) => void res.writeHead(200, headers).end(body));
  });
  afterAll(() => {
    for (const s of servers) s.close();
    servers = [];
  });

  it('is the same bytes as writeHead writes, on every request of a kept-alive connection', async () => {
    const expected = (await exchange(reference, [get()])).answers[0]!;
    expect(expected).toMatch(/^HTTP\/1\.1 200 OK\r\nX-Content-Type-Options: nosniff\r\n.*Content-Length: 32\r\nDate: .+\r\nConnection: keep-alive\r\nKeep-Alive: timeout=65\r\n\r\n$/s);
    byText = 0;
    const { answers, closed } = await exchange(text, [get(), get(), get()]);
    expect(byText).toBe(3);
    expect(closed).toBe(false);
    expect(answers.map(withoutDate)).toEqual([expected, expected, expected].map(withoutDate));
    expect(answers[0]).toMatch(/\r\nDate: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\r\n/);
  });

  it('leaves the head to writeHead where Node writes another: a connection to close, HTTP/1.0, HEAD, a header set before, a request cap', async () => {
    const capped = await listen(answer(), { maxRequestsPerSocket: 5 });
    const touched = await listen(answer((res) => res.setHeader('Vary', 'Cookie')));
    const cases: [number, string][] = [
      [text, get('Connection: close\r\n')],
      [text, get('', 'GET', '1.0')],
      [text, get('', 'HEAD')],
      [touched, get()],
      [capped, get()],
    ];
    for (const [port, request] of cases) {
      byText = 0;
      byWriteHead = 0;
      const [got] = (await exchange(port, [request], 1)).answers;
      expect(byText).toBe(0);
      expect(byWriteHead).toBe(1);
      expect(got).toMatch(/^HTTP\/1\.[01] 200 OK\r\n/);
    }
  });
});

describe('a 204’s head written as text', () => {
  const lines = ['X-Content-Type-Options', 'nosniff', 'X-Request-Id', 'a1b2'];
  const post = (extra = '') => `POST /views HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 15\r\n${extra}\r\n{"articleId":1}`;
  const servers: Server[] = [];
  let byText = 0;
  const listen = async (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    const server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
      // The body read to its end first, as the API's hot writes read it.
      req.resume();
      req.on('end', () => handler(req, res));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('is the same bytes as writeHead(204) writes, on every POST of a kept-alive connection, and sends no body', async () => {
    const reference = await listen((_req, res) => void res.writeHead(204, lines).end());
    const text = await listen((req, res) => {
      if (writeNoContentText(req, res, headLines(lines))) byText++;
      else res.writeHead(204, lines);
      res.end('ignored');
    });
    const expected = (await exchange(reference, [post()])).answers[0]!;
    expect(expected).toMatch(/^HTTP\/1\.1 204 No Content\r\nX-Content-Type-Options: nosniff\r\nX-Request-Id: a1b2\r\nDate: .+\r\nConnection: keep-alive\r\nKeep-Alive: timeout=65\r\n\r\n$/s);
    const { answers, closed } = await exchange(text, [post(), post(), post()]);
    expect(byText).toBe(3);
    expect(closed).toBe(false);
    expect(answers.map(withoutDate)).toEqual([expected, expected, expected].map(withoutDate));
    // A connection to close is writeHead's.
    byText = 0;
    const [closing] = (await exchange(text, [post('Connection: close\r\n')], 1)).answers;
    expect(byText).toBe(0);
    expect(closing).toMatch(/^HTTP\/1\.1 204 No Content\r\n.*Connection: close\r\n\r\n$/s);
  });
});
