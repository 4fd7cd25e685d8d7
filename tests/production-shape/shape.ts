import { readFileSync, existsSync } from 'node:fs';
import { totpCode } from '@app/test-support/second-factor';
import { expect } from '@playwright/test';
import pg from 'pg';
import { SHAPE_PORT } from '../../playwright.production-shape.config';

/** The first site admin and CMS editor, from ADMIN_USERNAME/… and CMS_ADMIN_… (production has no demo accounts). */
export const SHAPE_ADMIN = { username: 'Owner', password: 'owner-pass-2026' };
/** The first CMS admin, with the authenticator key the stack gives them (CMS_ADMIN_TOTP_SECRET): a password alone opens no CMS session. */
export const SHAPE_EDITOR = { email: 'editor@shape.test', password: 'editor-pass-2026', totpSecret: 'KRUGKIDROVUWG2ZAMJZG653OEBTG66BA' };
export const PUBLIC_URL = `http://localhost:${SHAPE_PORT}`;

/**
 * Caddy's timeouts in this suite, through deploy/Caddyfile's placeholders: short enough for its
 * slowloris tests to see them, with the idle one above undici's 4 s, so the tests' own kept-alive
 * connections are closed by the client before Caddy closes them under a request. The write
 * timeout keeps its default (its tests with Caddy are in packages/front-door/src/caddyfile.test.mjs).
 */
export const SHAPE_CADDY_TIMEOUTS = { CADDY_READ_HEADER_TIMEOUT: '5s', CADDY_READ_BODY_TIMEOUT: '5s', CADDY_IDLE_TIMEOUT: '6s' };
/** Longer than any of them. */
export const PAST_CADDY_TIMEOUTS_MS = 7500;

/** A response body as these tests read it: any JSON the API or the CMS answered. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bodies are checked by assertions, field by field
export type Json = any;

/** Each API instance's own address (behind Caddy), to send a request to one of them on purpose. */
export const apiInstances = () => (process.env.SHAPE_E2E_API_URLS ?? '').split(' ').filter(Boolean);

/**
 * A browser-like HTTP client for one base URL (Caddy's or one instance's): keeps its cookies,
 * sends the public Origin. `as(base)` shares the cookies with a client for another instance.
 */
export function client(base = PUBLIC_URL, jar = new Map<string, string>()) {
  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(base + path, {
      method,
      redirect: 'manual',
      headers: { origin: PUBLIC_URL, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, v] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || v === '') jar.delete(k!);
      else jar.set(k!, v!);
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: json as Json, text };
  }
  return {
    jar,
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body ?? {}, headers),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    as: (otherBase: string) => client(otherBase, jar),
  };
}

export async function query<T = Json>(sql: string, params: unknown[] = []): Promise<T[]> {
  const db = new pg.Client({ connectionString: process.env.SHAPE_E2E_DATABASE_URL });
  await db.connect();
  try {
    return (await db.query(sql, params)).rows;
  } finally {
    await db.end();
  }
}

/** The newest mail to an address, as the SMTP catcher received it. */
export async function mailTo(email: string): Promise<string> {
  const file = process.env.SHAPE_E2E_MAIL_FILE!;
  // Up to 30 s: the mail goes out over SMTP after the sign-up has answered, seconds later on a loaded machine (CI).
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    if (existsSync(file)) {
      const found = readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l)).reverse().find((m) => m.to.includes(email));
      if (found) return found.text as string;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${email}`);
}

let counter = 0;
/** A confirmed member signed up through Caddy; raised to a tier in the database, as payments would. */
export async function newMember(tier: 'free' | 'pro' = 'free') {
  const username = `shape_${Date.now().toString(36)}_${++counter}`;
  const account = { username, email: `${username}@example.com`, password: 'member-pass-1' };
  const http = client();
  expect((await http.post('/api/register', account)).status).toBe(201);
  const token = decodeURIComponent(/\/auth\?confirm-token=(\S+)/.exec(await mailTo(account.email))![1]!);
  const confirmed = await http.post('/api/auth/confirm-email', { token });
  expect(confirmed.status, confirmed.text).toBe(200);
  if (tier !== 'free') await query('update app.users set membership_tier = $2 where id = $1', [confirmed.body.id, tier]);
  return { ...account, id: confirmed.body.id as number, http };
}

/** The CMS editor, signed in through Caddy with the password and the authenticator's code. */
export async function cmsEditor() {
  const http = client();
  const res = await http.post('/cms/api/users/login', { email: SHAPE_EDITOR.email, password: SHAPE_EDITOR.password, code: totpCode(SHAPE_EDITOR.totpSecret) });
  expect(res.status, res.text).toBe(200);
  return http;
}

const node = { direction: null, format: '', indent: 0, version: 1 };
export const richText = (text: string) => ({ root: { ...node, type: 'root', children: [{ ...node, type: 'paragraph', textFormat: 0, children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }] }] } });

/** Waits until every API instance serves this content version, and the site build of it is live. */
export async function untilLive(check: () => Promise<boolean>, timeoutMs = 60_000) {
  await expect.poll(check, { timeout: timeoutMs, intervals: [250] }).toBe(true);
}
