// @vitest-environment node
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exchange } from '@app/test-support/raw-connection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStaticFiles, serveStatic, type StaticFiles } from './static-files.ts';

const page = `<!doctype html><title>kept</title><p>${'a sentence of the article, '.repeat(200)}</p>`;
const securityHeaders = { 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'DENY', 'Content-Security-Policy': "default-src 'self'" };

const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]+/, '');
const get = (target: string, extra = '') => `GET ${target} HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n${extra}\r\n`;

describe('a static answer’s head, kept for the next request', () => {
  let files: StaticFiles;
  let kept: Server;
  let plain: Server;
  let dir = '';
  const port = (server: Server) => (server.address() as AddressInfo).port;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kept-head-'));
    await writeFile(path.join(dir, 'index.html'), page);
    ({ files } = await loadStaticFiles(dir, () => securityHeaders, { bestAfterMs: 60_000 }));
    // The front door's way (nothing set before) and the general way (headers set first, then writeHead), on one map.
    kept = createServer({ keepAliveTimeout: 65_000 }, (req, res) => void serveStatic(files, req, res, { untouched: true }));
    plain = createServer({ keepAliveTimeout: 65_000 }, (req, res) => void serveStatic(files, req, res));
    await Promise.all([kept, plain].map((s) => new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve))));
  });
  afterAll(async () => {
    kept.close();
    plain.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('is the same bytes as writeHead writes, and is what the next GET on a kept-alive connection gets', async () => {
    const { answers } = await exchange(port(kept), [get('/'), get('/')]);
    const [reference] = (await exchange(port(plain), [get('/')])).answers;
    expect(reference).toMatch(/^HTTP\/1\.1 200 OK\r\n.*X-Frame-Options: DENY\r\n.*Content-Encoding: br\r\nContent-Length: \d+\r\nDate: .+\r\nConnection: keep-alive\r\nKeep-Alive: timeout=65\r\n\r\n$/s);
    expect(answers.map(withoutDate)).toEqual([withoutDate(reference), withoutDate(reference)]);
    const answer = files.get('/')!.br!;
    expect(withoutDate(answer.kept!.text)).toBe(withoutDate(reference));
    // The kept text is what goes out within its second: marked here, it comes back marked.
    // (The second is read before the request: a request in the next second writes the head anew and keeps that.)
    const markedSecond = Math.floor(Date.now() / 1000);
    answer.kept = { ...answer.kept!, second: markedSecond, text: answer.kept!.text.replace('\r\n\r\n', '\r\nX-Kept: yes\r\n\r\n') };
    const [marked] = (await exchange(port(kept), [get('/')])).answers;
    if (Math.floor(Date.now() / 1000) === markedSecond) expect(marked).toContain('X-Kept: yes\r\n');
    // A second later it is written anew (and kept again).
    answer.kept = { ...answer.kept!, second: markedSecond - 1 };
    const [fresh] = (await exchange(port(kept), [get('/')])).answers;
    expect(fresh).not.toContain('X-Kept');
    expect(withoutDate(fresh)).toBe(withoutDate(reference));
  });

  it('is not used where Node writes another head: a connection to close, HTTP/1.0, HEAD, a revalidation', async () => {
    await exchange(port(kept), [get('/')]);
    const closing = await exchange(port(kept), [get('/', 'Connection: close\r\n')], 2);
    expect(closing.answers[0]).toContain('\r\nConnection: close\r\n');
    expect(closing.answers[0]).not.toContain('Keep-Alive');
    expect(closing.closed).toBe(true);
    const old = await exchange(port(kept), ['GET / HTTP/1.0\r\nAccept-Encoding: br\r\n\r\n'], 2);
    expect(old.answers[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(old.answers[0]).not.toContain('keep-alive');
    expect(old.closed).toBe(true);
    const head = await exchange(port(kept), [`HEAD / HTTP/1.1\r\nHost: localhost\r\nAccept-Encoding: br\r\n\r\n`, get('/')]);
    expect(head.answers.map(withoutDate)).toEqual([withoutDate(head.answers[1]), withoutDate(head.answers[1])]);
    const etag = /\r\nETag: ("[^"]+")/.exec(head.answers[1])![1];
    const revalidated = await exchange(port(kept), [get('/', `If-None-Match: ${etag}\r\n`)]);
    expect(revalidated.answers[0]).toMatch(/^HTTP\/1\.1 304 Not Modified\r\n/);
    // The kept head is the 200's, whatever was asked between.
    const [again] = (await exchange(port(kept), [get('/')])).answers;
    expect(again).toMatch(/^HTTP\/1\.1 200 OK\r\n.*Connection: keep-alive\r\n/s);
  });
});
