import fc from 'fast-check';
import type { Express } from 'express';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { users } from '../../src/db/schema/index.ts';
import { createSession } from '../../src/domain/accounts/sessions.ts';
import { TEST_ORIGIN } from '../test-app.ts';
import { hostile, junk, pathValue } from './arbitraries.ts';
import { KNOWN_IDS, KNOWN_PARAMS, type RouteInput } from './route-inputs.ts';

/** Who sends a fuzzed request: nobody, a member of each tier, an admin, or a service with the internal secret. */
const CALLERS = ['visitor', 'free', 'pro', 'admin', 'service'] as const;
export const FUZZ_MEMBERS = { free: { username: 'fz_free', tier: 'free' }, pro: { username: 'fz_pro', tier: 'pro' }, admin: { username: 'fz_admin', tier: 'free' } } as const;

/** Tables a refused request may still write: the attempts the rate limits count. */
const MAY_CHANGE_WHEN_REFUSED = new Set(['throttle_events']);

/** Every `METHOD /path` the Express app declares, read from its router (Express 5 / router 2). */
export function declaredRoutes(app: Express): string[] {
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] }; rawPath?: unknown };
  const out: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const m of Object.keys(layer.route.methods)) if (m !== '_all') out.push(`${m.toUpperCase()} ${prefix}${layer.route.path}`);
      } else if (layer.handle?.stack) {
        const at = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + at);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '');
  return [...new Set(out)];
}

/** Each database's counting statement: its tables are read once (information_schema costs a millisecond a call). */
const countQueries = new WeakMap<Db, Promise<{ name: string; text: string }>>();

/** One query counting the rows of every table in the API's schema. */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  let query = countQueries.get(db);
  if (!query) {
    query = db.$client.query<{ name: string }>(`select table_name as name from information_schema.tables where table_schema = 'app' and table_type = 'BASE TABLE' order by 1`).then(({ rows: tables }) => ({
      // Named: each connection plans it once, not before and after every case.
      name: `fuzz-row-counts-${tables.length}`,
      text: `select ${tables.map((t) => `(select count(*)::int from app."${t.name}") as "${t.name}"`).join(', ')}`,
    }));
    countQueries.set(db, query);
  }
  const { rows } = await db.$client.query<Record<string, number>>(await query);
  return rows[0]!;
}

/** Fresh sessions for the fuzz members, their accounts put back as they were (an admin's fuzzed request may have suspended them). */
export async function freshCallers(db: Db): Promise<Record<'free' | 'pro' | 'admin', string>> {
  const out = {} as Record<'free' | 'pro' | 'admin', string>;
  for (const [caller, m] of Object.entries(FUZZ_MEMBERS) as [keyof typeof FUZZ_MEMBERS, (typeof FUZZ_MEMBERS)[keyof typeof FUZZ_MEMBERS]][]) {
    const [row] = await db
      .update(users)
      .set({ accountStatus: 'active', role: caller === 'admin' ? 'admin' : 'member', membershipTier: m.tier })
      .where(sql`${users.username} = ${m.username}`)
      .returning();
    const { token } = await createSession(db, row!, {});
    out[caller] = `sid=${token}`;
  }
  return out;
}

type Transport = 'json' | 'broken-json' | 'text' | 'form' | 'multipart' | 'broken-multipart' | 'bad-utf8' | 'none';
const TRANSPORTS: Transport[] = ['json', 'json', 'json', 'json', 'json', 'broken-json', 'text', 'form', 'multipart', 'broken-multipart', 'bad-utf8', 'none'];

const toText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '');
const flatPairs = (value: unknown): [string, string][] => {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [['q', toText(value)]];
  return Object.entries(value).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x): [string, string] => [k, toText(x)]) : [[k, toText(v)] as [string, string]]));
};
const wellFormed = (s: string) => s.replace(/[\ud800-\udfff]/g, '\ufffd');

function bodyOf(transport: Transport, body: unknown, field: string | undefined): { body?: BodyInit; type?: string } {
  const json = JSON.stringify(body);
  switch (transport) {
    case 'json':
      return { body: json, type: 'application/json' };
    case 'broken-json':
      return { body: (json ?? '{').slice(0, Math.max(1, (json?.length ?? 1) - 1)) + '\u0000,', type: 'application/json' };
    case 'text':
      return { body: json ?? '', type: 'text/plain' };
    case 'form':
      return { body: new URLSearchParams(flatPairs(body).map(([k, v]) => [wellFormed(k), wellFormed(v)])).toString(), type: 'application/x-www-form-urlencoded' };
    case 'multipart': {
      const form = new FormData();
      for (const [k, v] of flatPairs(body).slice(0, 8)) form.append(wellFormed(k), wellFormed(v).slice(0, 5_000));
      form.append(field ?? 'file', new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff, 0xd8, 0, 1, 2])]), 'junk.zip');
      return { body: form };
    }
    case 'broken-multipart':
      return { body: `--x\r\nContent-Disposition: form-data; name="${field ?? 'file'}"; filename="a.zip"\r\n\r\nPK\u0003\u0004`, type: 'multipart/form-data; boundary=x' };
    case 'bad-utf8':
      return { body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), type: 'application/json; charset=utf-8' };
    case 'none':
      return {};
  }
}

const requestArbitrary = (path: string, input: RouteInput, method: string) => {
  const params = [...path.matchAll(/:([a-zA-Z]+)/g)].map((m) => m[1]!);
  return fc.record({
    caller: fc.constantFrom(...CALLERS),
    params: fc.tuple(...params.map((p) => pathValue(KNOWN_PARAMS[p] ?? KNOWN_IDS))),
    query: input.query ? fc.option(hostile(input.query), { freq: 4 }) : fc.option(fc.dictionary(fc.constantFrom('page', 'q', 'a[b]', 'limit', '__proto__'), junk, { maxKeys: 3 }), { freq: 1 }),
    body: hostile(input.body),
    transport: method === 'GET' ? fc.constant<Transport>('none') : fc.constantFrom(...TRANSPORTS),
    noOrigin: fc.boolean().map((b) => b && Math.random() < 0.1),
    bigCookie: fc.option(fc.oneof(fc.integer({ min: 100, max: 7_000 }), fc.integer({ min: 7_000, max: 40_000 })), { freq: 6 }),
    junkSession: fc.option(fc.oneof(fc.constantFrom('', 'x', 'a'.repeat(101), '%', '"quoted"'), fc.string({ maxLength: 60 })), { freq: 8 }),
    idempotencyKey: fc.option(fc.oneof(fc.string({ maxLength: 300 }), fc.constant('k'.repeat(4_000))), { freq: 4 }),
  });
};

type Context = { app: Express; base: string; db: Db; secret: string; cookies: () => Record<'free' | 'pro' | 'admin', string> };

/** Fuzzes one route `runs` times; throws (through fast-check) with the first request that broke a rule. */
export async function fuzzRoute(ctx: Context, route: string, input: RouteInput, runs: number, seed?: number) {
  const [method, path] = route.split(' ') as [string, string];
  const tableNames = Object.keys(await rowCounts(ctx.db));
  const outcome = await fc.check(
    fc.asyncProperty(requestArbitrary(path, input, method), async (r) => {
      let i = 0;
      const concrete = path.replace(/:[a-zA-Z]+/g, () => r.params[i++]!);
      const query = r.query === null ? '' : `?${new URLSearchParams(flatPairs(r.query).map(([k, v]) => [wellFormed(k), wellFormed(v).slice(0, 2_000)])).toString()}`;
      const { body, type } = bodyOf(r.transport, r.body, input.multipart);
      const cookies: string[] = [];
      if (r.caller !== 'visitor' && r.caller !== 'service') cookies.push(ctx.cookies()[r.caller]);
      if (r.junkSession !== null) cookies.push(`sid=${encodeURIComponent(wellFormed(r.junkSession))}`);
      if (r.bigCookie !== null) cookies.push(`junk=${'z'.repeat(r.bigCookie)}`);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (cookies.length) headers.cookie = cookies.join('; ');
      if (type) headers['content-type'] = type;
      if (!r.noOrigin) headers.origin = TEST_ORIGIN;
      if (r.caller === 'service') headers['x-internal-secret'] = ctx.secret;
      if (r.idempotencyKey !== null) headers['idempotency-key'] = wellFormed(r.idempotencyKey).replace(/[^\t\x20-\x7e\x80-\xff]/g, '?');
      const before = await rowCounts(ctx.db);
      const res = await fetch(ctx.base + concrete + query, { method, headers, body: method === 'GET' ? undefined : body });
      const text = await res.text();
      const problems: string[] = [];
      // The one deliberate 5xx: 503 "unavailable" naming a service that is not configured or not reachable here.
      if (res.status >= 500 && !(res.status === 503 && /"code":"unavailable"/.test(text))) problems.push(`answered ${res.status}: ${text.slice(0, 300)}`);
      if (res.status >= 400) {
        let message: unknown;
        try {
          message = (JSON.parse(text) as { message?: unknown }).message;
        } catch {
          message = undefined;
        }
        if (!/application\/json/.test(res.headers.get('content-type') ?? '') || typeof message !== 'string' || !message) problems.push(`answered ${res.status} without a JSON { message }: ${text.slice(0, 200)}`);
        const after = await rowCounts(ctx.db);
        const changed = tableNames.filter((t) => before[t] !== after[t] && !MAY_CHANGE_WHEN_REFUSED.has(t) && !input.background?.includes(t));
        if (changed.length) problems.push(`refused with ${res.status} but wrote rows: ${changed.map((t) => `${t} ${before[t]}→${after[t]}`).join(', ')}`);
      }
      if (problems.length) throw new Error(`${method} ${concrete.slice(0, 200)}${query.slice(0, 200)} as ${r.caller} (${r.transport}): ${problems.join('; ')}`);
    }),
    { numRuns: runs, seed, endOnFailure: true },
  );
  // The request itself can be megabytes: report the rule it broke and the seed that replays it.
  if (outcome.failed) throw new Error(`${String((outcome.errorInstance as Error | undefined)?.message ?? outcome.errorInstance).slice(0, 1_500)} (FUZZ_SEED=${outcome.seed})`);
}
