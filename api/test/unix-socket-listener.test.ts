import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnUnixSocket } from '../src/lib/unix-socket-listener.ts';

const socketPath = path.join(tmpdir(), `api-socket-test-${process.pid}.sock`);
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** An app that says who it thinks called, as the API's rate limits and logs read it. */
function whoCalls() {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.get('/who', (req, res) => res.json({ ip: req.ip, peer: req.socket.remoteAddress }));
  return app;
}

function get(urlPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request({ socketPath, path: urlPath, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

describe('the API on a unix socket', () => {
  it('answers there, takes the peer for this machine and reads the visitor from X-Forwarded-For', async () => {
    servers.push(await listenOnUnixSocket(whoCalls(), socketPath));
    expect(JSON.parse((await get('/who', { 'x-forwarded-for': '203.0.113.9' })).body)).toEqual({ ip: '203.0.113.9', peer: '127.0.0.1' });
    expect(JSON.parse((await get('/who')).body)).toEqual({ ip: '127.0.0.1', peer: '127.0.0.1' });
    // A request Node cannot read gets the API's JSON error shape here too.
    const broken = await get('/who', { 'x-huge': 'a'.repeat(20_000) });
    expect(broken.status).toBe(431);
    expect(JSON.parse(broken.body)).toMatchObject({ message: 'The request headers are too large.' });
  });

  it('removes the file an API that died left behind, and its own file when it closes', async () => {
    // A process killed while listening leaves its socket file with nothing behind it.
    const child = spawn(process.execPath, ['-e', `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, 'SIGKILL'))`]);
    await new Promise((r) => child.once('exit', r));
    expect(existsSync(socketPath)).toBe(true);
    const server = await listenOnUnixSocket(whoCalls(), socketPath);
    expect((await get('/who')).status).toBe(200);
    await new Promise((r) => server.close(r));
    expect(existsSync(socketPath)).toBe(false);
  });

  it('refuses to start beside an API still answering on the same socket', async () => {
    servers.push(await listenOnUnixSocket(whoCalls(), socketPath));
    await expect(listenOnUnixSocket(whoCalls(), socketPath)).rejects.toThrow(`API_SOCKET ${socketPath} is in use: is another API running?`);
    expect((await get('/who')).status).toBe(200);
  });

  it('never removes a file that is not a socket', async () => {
    writeFileSync(socketPath, 'keep me');
    try {
      await expect(listenOnUnixSocket(whoCalls(), socketPath)).rejects.toThrow(`API_SOCKET ${socketPath} is a file, not a socket: choose another path`);
      expect(readFileSync(socketPath, 'utf8')).toBe('keep me');
    } finally {
      rmSync(socketPath);
    }
  });
});
