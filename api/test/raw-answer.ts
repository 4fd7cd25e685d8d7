import { request } from 'node:http';
import type express from 'express';

/** An answer as sent: its status, its header lines in order (Date left out), its body. */
export type RawAnswer = { status: number; lines: string[][]; body: string };

/** Sends one request with Node's client and reads the answer as sent (the hot paths' tests compare them line for line). */
export function rawAnswer(base: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => {
        const lines: string[][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) if (res.rawHeaders[i] !== 'Date') lines.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, lines, body: text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Counts the requests that reach `app`'s router (the hot paths answer theirs before it). */
export function countRouted(app: express.Express): { count: number } {
  const routed = { count: 0 };
  const router = app.router as unknown as { handle: (...args: unknown[]) => unknown };
  const handle = router.handle.bind(router);
  router.handle = (...args) => {
    routed.count++;
    return handle(...args);
  };
  return routed;
}
