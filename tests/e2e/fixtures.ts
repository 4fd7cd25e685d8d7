import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, request as requestFactory, test, type APIRequestContext, type Page } from '@playwright/test';
import yazl from 'yazl';
import { DEMO_STAFF_SECOND_FACTOR } from '@app/api/domain/accounts/demo-accounts';
import { passkeyAnswer, totpCode } from '@app/test-support/second-factor';
import { DEMO_CMS_ADMIN } from '../../scripts/lib/stack.mjs';
import { E2E_PORT } from '../../playwright.config';

/** Starts a page with the ad-consent choice already made, so the dialog stays out of the way. */
export async function withConsent(page: Page, choice: 'granted' | 'denied' = 'denied') {
  // Init scripts run in every frame and document; an embedded player's frame, and about:blank
  // (a test's page between members), may not touch storage.
  await page.addInitScript((v) => {
    if (window === window.top && location.protocol !== 'about:') localStorage.setItem('adConsent', v);
  }, choice);
}

type CmsAccount = { email: string; password: string };

/** CMS users' authenticator keys as these tests know them: the demo editor's is published; a user's own is learned as it is set up. */
const cmsAuthenticators = new Map<string, string>([[DEMO_CMS_ADMIN.email, DEMO_CMS_ADMIN.totpSecret]]);
// The steps used, per user, kept in a file: a worker that restarts after a failed test must not reuse one.
const cmsStepsFile = path.join(tmpdir(), `better-self-e2e-cms-steps-${E2E_PORT}.json`);
// The demo editor's stand-ins, made by the global setup (makeCmsEditorPool).
const cmsPoolFile = path.join(tmpdir(), `better-self-e2e-cms-pool-${E2E_PORT}.json`);

/**
 * A CMS user's authenticator code for a step no sign-in used yet (issue 52 #3): each code works
 * once and none older than one used, so a sign-in takes the oldest unused code the CMS still
 * takes (±30 s of drift: the last 30-second step's, this one's or the next one's), or none when
 * all three were used (null).
 */
function freshCmsCode(email: string): string | null {
  const key = email.toLowerCase();
  const secret = cmsAuthenticators.get(key);
  if (!secret) throw new Error(`No authenticator is known for ${email}`);
  const used = usedCmsSteps();
  const now = Date.now();
  const current = Math.floor(now / 30_000);
  const step = cmsSteps(now).find((s) => s > (used[key] ?? 0));
  if (step === undefined) return null;
  writeFileSync(cmsStepsFile, JSON.stringify({ ...used, [key]: step }));
  return totpCode(secret, step - current, now);
}

/**
 * The steps whose codes the CMS takes now, oldest first: the last step's only while this one has
 * 5 s left, so the sign-in reaches the CMS before that code goes out of date.
 */
function cmsSteps(now: number): number[] {
  const current = Math.floor(now / 30_000);
  return [...((current + 1) * 30_000 - now >= 5_000 ? [current - 1] : []), current, current + 1];
}

const usedCmsSteps = (): Record<string, number> => (existsSync(cmsStepsFile) ? JSON.parse(readFileSync(cmsStepsFile, 'utf8')) : {});

/** How many sign-ins a CMS user has left before the next 30-second step, given the steps used. */
function cmsCodesLeft(email: string, used: Record<string, number>, now: number): number {
  return cmsSteps(now).filter((s) => s > (used[email.toLowerCase()] ?? 0)).length;
}

const untilNextStep = () => new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 100));

/** A CMS user's next authenticator code, waiting for the next step when every code it may take was used. */
export async function cmsCode(email: string): Promise<string> {
  for (;;) {
    const code = freshCmsCode(email);
    if (code) return code;
    await untilNextStep();
  }
}

/**
 * The demo editor, or one of its stand-ins (CMS admins too) when the demo editor's codes are used
 * for now, with a code to sign in: a test that does not name its CMS user takes whichever is free,
 * so sign-ins in a row do not wait half a minute each for the next code.
 */
async function anyCmsEditor(): Promise<{ account: CmsAccount; code: string }> {
  // One CMS user a test: a document its page holds open is locked against any other user (Payload's
  // document locks), so the test's API calls (cleaning up, say) must be that same user's.
  const testId = currentTestId();
  const chosen = testId ? cmsEditorOfTest.get(testId) : undefined;
  if (chosen) return { account: chosen, code: await cmsCode(chosen.email) };
  const pool: (CmsAccount & { totpSecret: string })[] = existsSync(cmsPoolFile) ? JSON.parse(readFileSync(cmsPoolFile, 'utf8')) : [];
  for (const stand of pool) cmsAuthenticators.set(stand.email, stand.totpSecret);
  // Most tests sign their user in twice (the REST API, then a page), so one with two codes or more
  // left is taken first: the second sign-in then never waits for the next step.
  const accounts = [DEMO_CMS_ADMIN, ...pool];
  for (;;) {
    const used = usedCmsSteps();
    const now = Date.now();
    for (const account of [...accounts.filter((a) => cmsCodesLeft(a.email, used, now) >= 2), ...accounts]) {
      const code = freshCmsCode(account.email);
      if (!code) continue;
      const picked = { email: account.email, password: account.password };
      if (testId) cmsEditorOfTest.set(testId, picked);
      return { account: picked, code };
    }
    await untilNextStep();
  }
}

/** The CMS user each test signed in as, when it named none. */
const cmsEditorOfTest = new Map<string, CmsAccount>();

/** The running test's id (none in the global setup). */
function currentTestId(): string | null {
  try {
    return test.info().testId;
  } catch {
    return null;
  }
}

/**
 * Signs a CMS user in through Payload's login with their second step: the code in the same request,
 * or, for a user without an authenticator, the setup the CMS answers (the test learns its key).
 */
async function cmsLogIn(request: APIRequestContext, account: CmsAccount, headers: Record<string, string>, code?: string) {
  const key = account.email.toLowerCase();
  if (!cmsAuthenticators.has(key)) {
    const first = await request.post('/cms/api/users/login', { data: account, headers });
    const setup = (await first.json()).errors?.[0]?.data?.setup as { secret: string; setupToken: string } | undefined;
    expect(first.status(), 'a CMS user without an authenticator is asked to set one up').toBe(403);
    cmsAuthenticators.set(key, setup!.secret);
    const res = await request.post('/cms/api/users/login', { data: { ...account, setupToken: setup!.setupToken, code: await cmsCode(key) }, headers });
    expect(res.ok(), await res.text()).toBe(true);
    return;
  }
  const res = await request.post('/cms/api/users/login', { data: { ...account, code: code ?? (await cmsCode(key)) }, headers });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * Makes the demo editor's stand-ins once a run (the global setup): CMS admins with their own
 * authenticators, set up as a new CMS user does, kept in a file for the workers.
 */
export async function makeCmsEditorPool(baseURL: string, size = 6) {
  const headers = { origin: baseURL };
  const admin = await requestFactory.newContext({ baseURL });
  try {
    await cmsLogIn(admin, DEMO_CMS_ADMIN, headers);
    const pool: (CmsAccount & { totpSecret: string })[] = [];
    for (let i = 1; i <= size; i++) {
      const account = { email: `stand-in-${i}@editors.test`, password: `stand-in-pass-${i}` };
      const made = await admin.post('/cms/api/users', { data: { ...account, name: `Stand-in editor ${i}`, role: 'admin' }, headers });
      expect(made.ok(), await made.text()).toBe(true);
      const own = await requestFactory.newContext({ baseURL });
      await cmsLogIn(own, account, headers);
      await own.dispose();
      pool.push({ ...account, totpSecret: cmsAuthenticators.get(account.email)! });
    }
    writeFileSync(cmsPoolFile, JSON.stringify(pool));
  } finally {
    await admin.dispose();
  }
}

/**
 * Signs in on the CMS's sign-in page as a person does: email and password, then the authenticator's
 * code, or (a user without one) its setup — the key read off the page, the first code, the recovery
 * codes acknowledged — and the admin's dashboard opens.
 */
export async function cmsSignIn(page: Page, named?: CmsAccount) {
  const { account, code } = named ? { account: named, code: undefined } : await anyCmsEditor();
  await page.goto('/cms/admin');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const next = page.getByRole('heading', { name: /Enter your code|Set up an authenticator app/ });
  await expect(next).toBeVisible();
  const key = account.email.toLowerCase();
  if ((await next.textContent())?.startsWith('Set up')) {
    cmsAuthenticators.set(key, (await page.locator('[data-totp-secret]').textContent())!.trim());
    await page.getByLabel('6-digit code from the app').fill(await cmsCode(key));
    await page.getByRole('button', { name: 'Turn on and sign in' }).click();
    await expect(page.getByRole('list', { name: 'Save your recovery codes' }).getByRole('listitem')).toHaveCount(10);
    await page.getByRole('button', { name: 'I have saved them: open the CMS' }).click();
  } else {
    await page.getByLabel('Authenticator code or recovery code').fill(code ?? (await cmsCode(key)));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  // The code checked, the session made and the dashboard rendered by the CMS's server: past 10 s on a
  // loaded CI machine (session 41, on the first try of one run). A refused code stays refused.
  await expect(page).toHaveURL(/\/cms\/admin$/, { timeout: 30_000 });
}

/** Signs in to the CMS REST API as the demo editor (or another CMS user), with the second step; the request context keeps the cookie. */
export async function cmsEditor(request: APIRequestContext, named?: CmsAccount) {
  // Payload takes its cookie only from the public origin (CSRF), as a browser would send it.
  const headers = { origin: `http://localhost:${E2E_PORT}` };
  const { account, code } = named ? { account: named, code: undefined } : await anyCmsEditor();
  await cmsLogIn(request, { email: account.email, password: account.password }, headers, code);
  return {
    async update(collection: string, id: number, data: Record<string, unknown>) {
      const r = await request.patch(`/cms/api/${collection}/${id}`, { data, headers });
      expect(r.ok(), await r.text()).toBe(true);
      return r.json();
    },
    /** A new document (a CMS user, say), as this admin. */
    async create(collection: string, data: Record<string, unknown>): Promise<{ id: number }> {
      const r = await request.post(`/cms/api/${collection}`, { data, headers });
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()).doc;
    },
    /** One document as the CMS holds it; with `draft`, its latest draft. */
    async find(collection: string, id: number, opts: { draft?: boolean } = {}): Promise<Record<string, unknown>> {
      const r = await request.get(`/cms/api/${collection}/${id}?depth=0${opts.draft ? '&draft=true' : ''}`, { headers });
      expect(r.ok(), await r.text()).toBe(true);
      return r.json();
    },
    /** A document's versions, newest first, those whose fields equal `where`'s. */
    async versions(collection: string, id: number, where: Record<string, string> = {}): Promise<{ id: number; version: Record<string, unknown> }[]> {
      const query = Object.entries({ parent: String(id), ...where }).map(([field, value]) => `where[${field}][equals]=${encodeURIComponent(value)}`).join('&');
      const r = await request.get(`/cms/api/${collection}/versions?${query}&sort=-updatedAt&depth=0`, { headers });
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()).docs;
    },
    async delete(collection: string, id: number) {
      const r = await request.delete(`/cms/api/${collection}/${id}`, { headers });
      expect(r.ok(), await r.text()).toBe(true);
    },
    /** A new article in the first category, its body one paragraph of plain text. */
    async createArticle(a: { title: string; excerpt?: string; membershipRequired: 'free' | 'pro' | 'vip'; body: string; status?: 'draft' | 'published'; publishDate?: string }): Promise<{ id: number }> {
      const categories = await (await request.get('/cms/api/categories?limit=1', { headers })).json();
      const node = { direction: null, format: '', indent: 0, version: 1 };
      const content = { root: { ...node, type: 'root', children: [{ ...node, type: 'paragraph', textFormat: 0, children: [{ type: 'text', version: 1, text: a.body, format: 0, detail: 0, mode: 'normal', style: '' }] }] } };
      const r = await request.post('/cms/api/articles', { data: { title: a.title, excerpt: a.excerpt, membershipRequired: a.membershipRequired, category: categories.docs[0].id, content, _status: a.status ?? 'published', ...(a.publishDate ? { publishDate: a.publishDate } : {}) }, headers });
      expect(r.ok(), await r.text()).toBe(true);
      return (await r.json()).doc;
    },
  };
}

export type ArticleListItem = { id: number; title: string; membershipRequired: string; category: string; categoryTitle: string; publishDate: string };

export async function articles(request: APIRequestContext): Promise<ArticleListItem[]> {
  const res = await request.get('/api/articles');
  expect(res.ok()).toBe(true);
  return res.json();
}

let counter = 0;
/** The members this worker made (createMember), deleted when the worker ends (test.ts). */
const madeMembers: number[] = [];
/** Accounts a test made another way (signing up through the page), by username, deleted with them. */
const madeUsernames: string[] = [];

/** Says a test made this account itself (through the sign-up page, say), so it is deleted with the worker's members. */
export function madeAccount(username: string) {
  madeUsernames.push(username);
}

/**
 * A fresh member made through the real API: signed up (which signs them in), their address
 * confirmed with the link the outbox holds (so order and membership mails reach them), raised to a tier or to admin
 * directly in the database, as only payments and admins can, and signed out unless asked.
 * Tests own their members: the seeded demo accounts are for people trying the site. Each is
 * deleted, with what it wrote, when the test worker that made it ends (`deleteMadeMembers`).
 */
export async function createMember(request: APIRequestContext, opts: { signIn?: boolean; tier?: 'free' | 'pro' | 'vip'; admin?: boolean; secondFactor?: boolean } = {}) {
  const username = `member_${Date.now().toString(36)}_${++counter}`;
  const account = { username, email: `${username}@example.com`, password: 'member-pass-1' };
  const res = await request.post('/api/register', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  const confirmed = await request.post('/api/auth/confirm-email', { data: { token: confirmationToken(await latestMailTo(account.email)) } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const user = (await confirmed.json()) as { id: number };
  madeMembers.push(user.id);
  if (opts.tier || opts.admin) {
    await withDatabase((db) => db.query('update app.users set membership_tier = $2, role = $3 where id = $1', [user.id, opts.tier ?? 'free', opts.admin ? 'admin' : 'member']));
  }
  // Staff powers wait for a second factor (issue 52): a made admin sets up an authenticator app at
  // once, unless the test is about that (`secondFactor: false`).
  const totpSecret = opts.admin && opts.secondFactor !== false ? await enrolAuthenticator(request) : null;
  if (!opts.signIn) await request.post('/api/logout');
  return { ...account, id: user.id, totpSecret };
}

/**
 * Deletes the members this worker made, as epic-stack's fixtures do: their rows and, by the
 * schema's cascades, what hangs on them (sessions, comments, posts, orders' links, mails to them).
 * Once per worker, not per test: a spec may make a member once and use it in several tests.
 */
export async function deleteMadeMembers(): Promise<number> {
  const ids = madeMembers.splice(0);
  const usernames = madeUsernames.splice(0);
  if (ids.length === 0 && usernames.length === 0) return 0;
  return withDatabase(async (db) => {
    const made = 'id = any($1) or username = any($2)';
    const { rows } = await db.query<{ email: string }>(`select email from app.users where ${made}`, [ids, usernames]);
    await db.query('delete from app.mail_outbox where "to" = any($1)', [rows.map((r) => r.email)]);
    return (await db.query(`delete from app.users where ${made}`, [ids, usernames])).rowCount ?? 0;
  });
}

/** The token of the confirmation link in a mail (`…/auth?confirm-token=TOKEN`). */
export function confirmationToken(mail: string): string {
  const found = /\/auth\?confirm-token=(\S+)/.exec(mail);
  if (!found) throw new Error('no confirmation link in the mail');
  return decodeURIComponent(found[1]!);
}

async function withDatabase<T>(fn: (db: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Signs in through the API. A demo staff account (the seeded Admin) then takes the second step
 * with the published demo passkey (demo-accounts.ts), as its browser would: passkeys work any
 * number of times, where an authenticator code works once per 30 s.
 */
/** Makes this member's last second factor older than the 10 minutes dangerous actions allow (issue 52 #4). */
export async function ageSecondFactor(userId: number) {
  await withDatabase((db) => db.query("update app.sessions set second_factor_at = now() - interval '11 minutes' where user_id = $1", [userId]));
}

export async function signIn(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/login', { data: { username, password } });
  expect(res.ok(), await res.text()).toBe(true);
  if (!(await res.json()).secondFactorRequired) return;
  const options = await request.post('/api/login/passkey/options', { data: { for: 'second-step' } });
  expect(options.ok(), await options.text()).toBe(true);
  const response = passkeyAnswer(DEMO_STAFF_SECOND_FACTOR.passkey, await options.json(), { origin: `http://localhost:${E2E_PORT}`, rpId: 'localhost' });
  const passed = await request.post('/api/login/passkey', { data: { for: 'second-step', response } });
  expect(passed.ok(), await passed.text()).toBe(true);
}

/**
 * Sets up an authenticator app for the signed-in member through Profile → Security's API (as a
 * member just made staff is sent to): answers its secret, from which tests compute codes.
 */
export async function enrolAuthenticator(request: APIRequestContext): Promise<string> {
  const setup = await request.post('/api/profile/security/totp');
  expect(setup.ok(), await setup.text()).toBe(true);
  const { secret } = (await setup.json()) as { secret: string };
  const confirmed = await request.post('/api/profile/security/totp/confirm', { data: { code: totpCode(secret) } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return secret;
}

/** The newest mail to an address, read from the outbox table the development mailer writes. */
export async function latestMailTo(email: string): Promise<string> {
  return withDatabase(async (db) => {
    for (let i = 0; i < 50; i++) {
      const { rows } = await db.query('select text from app.mail_outbox where "to" = $1 order by id desc limit 1', [email]);
      if (rows[0]) return rows[0].text as string;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`no mail to ${email}`);
  });
}

/** The toast viewport (Radix also mirrors the text into a live region for screen readers). */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Opens a tab of an island (the auth page, the admin dashboard) once it has hydrated: an earlier click does nothing. */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('data-state', 'active', { timeout: 500 });
  }).toPass({ timeout: 10_000 });
}

/** Waits until the island containing this text has hydrated (Astro drops its `ssr` attribute then). */
export async function hydrated(page: Page, innerText: string) {
  await page.locator('astro-island:not([ssr])', { hasText: innerText }).first().waitFor();
}

/** The comments island loads when scrolled into view, as for a reader. */
export async function scrollToComments(page: Page) {
  // The heading re-renders when the island hydrates; retry the scroll if it was swapped mid-way.
  await expect(async () => page.getByRole('heading', { name: /^Comments/ }).scrollIntoViewIfNeeded({ timeout: 2000 })).toPass();
  await hydrated(page, 'Comments');
}

/** A ZIP of the given files (name → text or bytes), as an admin uploads an archive. */
export function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) z.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  z.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
