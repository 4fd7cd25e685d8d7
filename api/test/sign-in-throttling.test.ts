import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { throttleEvents } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { mailsTo as mailsToDb, signedUpMember, sleep } from './sign-up.ts';

const t = appForThisFile();
const client = () => browserClient(t.app.base);
const db = () => t.testDb.db;
const registered = (username: string, extra: Record<string, unknown> = {}) => signedUpMember(t.app.base, db(), username, extra);
const mailsTo = (email: string, subject: RegExp, n = 1) => mailsToDb(db(), email, subject, n);
const HOUR_AGO = sql`now() - interval '61 minutes'`;

beforeAll(async () => {
  await ensureAccount(db(), { username: 'Boss', email: 'boss@example.com', password: 'Boss-pass-1', admin: true });
});

describe('throttling sign-in', () => {
  const from = (address: string) => ({ 'x-forwarded-for': address });
  const signIn = (username: string, password: string, address: string) => client().post('/api/login', { username, password }, from(address));

  it('makes a member wait after 8 failed tries, with a Retry-After', async () => {
    await registered('Guessed');
    for (let i = 0; i < 8; i++) expect((await client().post('/api/login', { username: 'Guessed', password: 'wrong' })).status).toBe(401);
    const blocked = await client().post('/api/login', { username: 'Guessed', password: 'secret-pass' });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many sign-in attempts\. Please wait \d+ seconds? and try again\./);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('gives staff only 4 free tries', async () => {
    await ensureAccount(db(), { username: 'Boss2', email: 'boss2@example.com', password: 'Boss-pass-2', admin: true });
    for (let i = 0; i < 4; i++) await client().post('/api/login', { username: 'Boss2', password: 'nope' });
    expect((await client().post('/api/login', { username: 'Boss2', password: 'Boss-pass-2' })).status).toBe(429);
  });

  it('wrong passwords from one address are throttled, for that account and then for every account', async () => {
    await registered('Targeted');
    for (let i = 0; i < 8; i++) expect((await signIn('Targeted', 'wrong', '203.0.113.50')).status).toBe(401);
    expect((await signIn('Targeted', 'secret-pass', '203.0.113.50')).status).toBe(429);
    expect((await signIn('Targeted', 'secret-pass', '203.0.113.51')).status).toBe(200);
    // One address trying many accounts meets the address's own limit (30 free tries in all).
    for (let i = 0; i < 22; i++) expect((await signIn(`nobody_${i}`, 'wrong', '203.0.113.50')).status).toBe(401);
    expect((await signIn('Boss', 'Boss-pass-1', '203.0.113.50')).status).toBe(429);
  });

  // Dozens of argon2 verifications: CPU-bound, past 20 s on a loaded 2-core machine.
  it('a correct password from a clean address signs in while the account is under attack from another address', async () => {
    await registered('Besieged');
    // 60 wrong passwords from 12 addresses: more than any per-account lock used to allow.
    for (let n = 0; n < 12; n++) {
      const tries = await Promise.all(Array.from({ length: 5 }, () => signIn('Besieged', 'wrong', `198.51.100.${n}`)));
      expect(tries.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    }
    expect((await signIn('Besieged', 'secret-pass', '192.0.2.77')).status).toBe(200);
    // An admin under the same attack still gets in from a clean address.
    for (let n = 0; n < 12; n++) await Promise.all(Array.from({ length: 4 }, () => signIn('Boss', 'wrong', `198.51.100.${n}`)));
    expect((await signIn('Boss', 'Boss-pass-1', '192.0.2.78')).status).toBe(200);
  }, 60_000);

  // 65 wrong passwords, each an argon2 verification: CPU-bound, over 20 s on a loaded 2-core machine.
  it('tells the member by mail, at most once an hour, when their account sees many failed sign-ins', async () => {
    await registered('Watched');
    const subject = /^Many failed sign-ins to your Better Self account$/;
    for (let n = 0; n < 4; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Watched', 'wrong', `198.51.101.${n}`)));
    await sleep(200);
    expect(await mailsTo('watched@example.com', subject, 0)).toHaveLength(0);
    for (let n = 4; n < 8; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Watched', 'wrong', `198.51.101.${n}`)));
    const told = await mailsTo('watched@example.com', subject);
    expect(told).toHaveLength(1);
    await sleep(200);
    expect(await mailsTo('watched@example.com', subject, 2)).toHaveLength(1);
    // An hour later, a new wave is told again.
    await db().update(throttleEvents).set({ at: HOUR_AGO }).where(sql`${throttleEvents.key} like '%:' || (select id from app.users where username = 'Watched')`);
    for (let n = 8; n < 13; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Watched', 'wrong', `198.51.101.${n}`)));
    expect(await mailsTo('watched@example.com', subject, 2)).toHaveLength(2);
  }, 60_000);

  it('sends no sign-in warning to an address that was never confirmed', async () => {
    await client().post('/api/register', { username: 'Unconfirmed', email: 'unconfirmed@example.com', password: 'secret-pass' });
    for (let n = 0; n < 5; n++) await Promise.all(Array.from({ length: 5 }, () => signIn('Unconfirmed', 'wrong', `198.51.102.${n}`)));
    await sleep(300);
    expect(await mailsTo('unconfirmed@example.com', /^Many failed/, 0)).toHaveLength(0);
  });

  it('forgets failures after the wait and clears them on success, so nobody is locked out for good', async () => {
    await registered('Patient');
    for (let i = 0; i < 8; i++) await client().post('/api/login', { username: 'Patient', password: 'wrong' });
    // The wait has passed: move the failures back in time instead of sleeping.
    await db().update(throttleEvents).set({ at: sql`now() - interval '5 minutes'` }).where(sql`${throttleEvents.key} like 'login:%patient%'`);
    expect((await client().post('/api/login', { username: 'Patient', password: 'secret-pass' })).status).toBe(200);
    const left = await db().select().from(throttleEvents).where(sql`${throttleEvents.key} like 'login:account-ip:patient:%'`);
    expect(left).toHaveLength(0);
  });
});
