import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOrder } from '../src/lib/in-order.ts';

// Middleware in one layer must do what the same middleware mounted one by one does.
let base = '';
let server: ReturnType<express.Express['listen']>;
const seen: string[] = [];
const step = (name: string): express.RequestHandler => (_req, _res, next) => {
  seen.push(name);
  next();
};

beforeAll(async () => {
  const app = express();
  app.use('/ok', inOrder(step('a'), step('b'), (req, _res, next) => setTimeout(() => (seen.push('later'), next()), 5)));
  app.use('/error', inOrder(step('a'), (_req, _res, next) => next(new Error('passed')), step('never')));
  app.use('/throw', inOrder(step('a'), () => {
    throw new Error('thrown');
  }, step('never')));
  app.use('/reject', inOrder(step('a'), async () => {
    throw new Error('rejected');
  }, step('never')));
  app.use((_req, res) => void res.json({ seen: seen.splice(0) }));
  app.use(((err, _req, res, _next) => void res.status(500).json({ error: (err as Error).message, seen: seen.splice(0) })) as ErrorRequestHandler);
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const get = async (path: string) => {
  const res = await fetch(base + path);
  return { status: res.status, body: await res.json() };
};

describe('inOrder (several middleware as one layer)', () => {
  it('runs each in turn, waiting for one that calls next later, then the layers after it', async () => {
    expect(await get('/ok')).toEqual({ status: 200, body: { seen: ['a', 'b', 'later'] } });
  });

  it('sends an error passed to next, thrown or rejected to the error handler, skipping the rest', async () => {
    expect(await get('/error')).toEqual({ status: 500, body: { error: 'passed', seen: ['a'] } });
    expect(await get('/throw')).toEqual({ status: 500, body: { error: 'thrown', seen: ['a'] } });
    expect(await get('/reject')).toEqual({ status: 500, body: { error: 'rejected', seen: ['a'] } });
  });
});
