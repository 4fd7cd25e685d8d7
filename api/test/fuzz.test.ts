import fc from 'fast-check';
import { ChatClientMessageSchema } from '@app/shared/schemas';
import { WebSocket } from 'ws';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { hostile, junk } from './fuzz/arbitraries.ts';
import { declaredRoutes, freshCallers, FUZZ_MEMBERS, fuzzRoute } from './fuzz/fuzz-http.ts';
import { ROUTE_INPUTS } from './fuzz/route-inputs.ts';
import { appForThisFile } from './file-app.ts';
import { TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

/**
 * Every /api route and every socket message type, sent hostile versions of what they expect
 * (generated from the shared schemas): nothing answers 5xx, every refusal is a JSON `{ message }`
 * and writes nothing. FUZZ_RUNS cases per route (200 here; `npm run fuzz` runs 10,000);
 * FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const PER_CASE_MS = 60;

const t = appForThisFile({ app: ({ databaseUrl }) => ({ databaseUrl }) });
let cookies: Awaited<ReturnType<typeof freshCallers>>;

beforeAll(async () => {
  for (const m of Object.values(FUZZ_MEMBERS)) await ensureAccount(t.testDb.db, { username: m.username, email: `${m.username}@example.com`, password: 'pass-word-1', tier: m.tier, admin: m.username === 'fz_admin' });
  // Something for ids to find: a post, a room, a comment, an order.
  const admin = await t.member('fz_seed_admin', 'pro', true);
  await admin.post('/api/bulletin', { title: 'Fuzz seed post', content: 'Something to point at.', category: 'general' });
  await admin.post('/api/chat/rooms', { name: 'Fuzz room', description: 'For the fuzzer', membershipRequired: 'free' });
  await admin.post('/api/articles/1/comments', { content: 'A seed comment' });
});

describe('every endpoint fuzzed', () => {
  it('knows every route the app declares (a new route needs its inputs in fuzz/route-inputs.ts)', () => {
    const declared = declaredRoutes(t.app.app);
    expect(declared.filter((r) => !(r in ROUTE_INPUTS))).toEqual([]);
    expect(Object.keys(ROUTE_INPUTS).filter((r) => !declared.includes(r))).toEqual([]);
  });

  for (const [route, input] of Object.entries(ROUTE_INPUTS)) {
    it(`${route}: hostile requests answer below 500, refusals are JSON { message } and write nothing`, async () => {
      cookies = await freshCallers(t.testDb.db);
      await fuzzRoute({ app: t.app.app, base: t.app.base, db: t.testDb.db, secret: TEST_SECRET, cookies: () => cookies }, route, input, RUNS, SEED);
    }, 30_000 + RUNS * PER_CASE_MS);
  }

  it('the chat socket answers every hostile frame with a known frame and keeps serving', async () => {
    cookies = await freshCallers(t.testDb.db);
    const frames = fc.oneof(
      { weight: 6, arbitrary: hostile(ChatClientMessageSchema).map((v) => JSON.stringify(v) ?? 'undefined') },
      { weight: 1, arbitrary: junk.map((v) => (JSON.stringify(v) ?? '').slice(0, -1)) },
      { weight: 1, arbitrary: fc.constantFrom('', '{', 'null', '"join"', '[{"type":"join","roomId":1}]', '{"type":"message","roomId":1,"content":"\\ud800"}', '{"type":"join","roomId":1e400}') },
    );
    const known = new Set(['welcome', 'rooms', 'joined', 'left', 'history', 'message', 'error', 'pong']);
    const open = () =>
      new Promise<{ ws: WebSocket; inbox: { type: string; message?: unknown }[] }>((resolve, reject) => {
        const ws = new WebSocket(t.app.wsUrl, { headers: { origin: TEST_ORIGIN, cookie: cookies.free } });
        const inbox: { type: string; message?: unknown }[] = [];
        ws.on('message', (raw) => inbox.push(JSON.parse(String(raw))));
        ws.once('open', () => resolve({ ws, inbox }));
        ws.once('error', reject);
      });
    let socket = await open();
    await fc.assert(
      fc.asyncProperty(frames, fc.boolean(), async (frame, binary) => {
        if (socket.ws.readyState !== WebSocket.OPEN) socket = await open();
        const { ws, inbox } = socket;
        const start = inbox.length;
        const closed = new Promise<number>((r) => ws.once('close', r));
        ws.send(binary ? Buffer.from(frame) : frame);
        ws.send(JSON.stringify({ type: 'ping' }));
        const outcome = await Promise.race([
          (async () => {
            while (!inbox.slice(start).some((m) => m.type === 'pong')) await new Promise((r) => setTimeout(r, 2));
            return 'pong' as const;
          })(),
          closed,
        ]);
        // A frame that breaks the protocol (too big, too many) may end the socket, never with an internal error.
        if (typeof outcome === 'number') expect([1008, 1009], `closed with ${outcome} after ${frame.slice(0, 200)}`).toContain(outcome);
        for (const m of inbox.slice(start)) {
          expect(known.has(m.type), `unknown frame ${JSON.stringify(m)}`).toBe(true);
          if (m.type === 'error') expect(typeof m.message === 'string' && m.message.length > 0, JSON.stringify(m)).toBe(true);
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    socket.ws.close();
  }, 30_000 + RUNS * PER_CASE_MS);
});
