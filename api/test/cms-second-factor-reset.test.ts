import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';
import { TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

// Issue 52 #5: a CMS admin's reset of a CMS user's authenticator is audited and the user is mailed,
// as the site's own reset is. The CMS resets and then calls (cms/test/cms-second-factor.test.ts); here the API's part.
const t = appForThisFile();
const post = (body: unknown, headers: Record<string, string> = { 'x-internal-secret': TEST_SECRET }) =>
  t.app.fetch('/api/internal/cms-sign-in/second-factor-reset', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const idOf = async (username: string) => (await t.testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const mailsTo = (to: string) => t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const entriesAbout = async (targetEmail: string) =>
  (await t.testDb.db.select().from(auditLog).where(eq(auditLog.action, 'cms_user.second_factor_reset'))).filter((e) => (e.details as { targetEmail?: string }).targetEmail === targetEmail);

describe("a CMS admin's reset of a CMS user's authenticator", () => {
  it('is audited with the CMS admin’s address when they have a CMS password of their own, and the user is mailed', async () => {
    const res = await post({ actorEmail: 'CMS.Admin@example.com', actorSiteUserId: null, targetEmail: 'lost.phone@example.com' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: true, mailed: true });
    expect(await entriesAbout('lost.phone@example.com')).toEqual([expect.objectContaining({ actorId: null, targetUserId: null, details: { targetEmail: 'lost.phone@example.com', actorEmail: 'cms.admin@example.com' } })]);
    const [mail, ...more] = await mailsTo('lost.phone@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your Better Self CMS authenticator was reset');
    expect(mail!.text).toContain(`${TEST_ORIGIN}/cms/admin`);
    expect(mail!.text).toContain('If you did not ask for this');
  });

  it('is the site admin’s entry when they signed in to the CMS through the site', async () => {
    await t.member('cr_admin', 'free', true);
    const adminId = await idOf('cr_admin');
    expect((await post({ actorEmail: 'cr_admin@example.com', actorSiteUserId: adminId, targetEmail: 'desk.two@example.com' })).status).toBe(200);
    expect(await entriesAbout('desk.two@example.com')).toEqual([expect.objectContaining({ actorId: adminId, details: { targetEmail: 'desk.two@example.com', actorEmail: null } })]);
    // A site account that is gone: the address is kept instead.
    expect((await post({ actorEmail: 'gone@example.com', actorSiteUserId: 2_000_000_000, targetEmail: 'desk.three@example.com' })).status).toBe(200);
    expect(await entriesAbout('desk.three@example.com')).toEqual([expect.objectContaining({ actorId: null, details: { targetEmail: 'desk.three@example.com', actorEmail: 'gone@example.com' } })]);
  });

  it('is answered only to our services: no secret or a wrong one is refused, so is a call through a proxy', async () => {
    const ask = { actorEmail: 'mallory@example.com', actorSiteUserId: null, targetEmail: 'victim@example.com' };
    expect((await post(ask, {})).status).toBe(403);
    expect((await post(ask, { 'x-internal-secret': 'wrong' })).status).toBe(403);
    expect((await post(ask, { 'x-internal-secret': TEST_SECRET, 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect(await mailsTo('victim@example.com')).toEqual([]);
    expect(await entriesAbout('victim@example.com')).toEqual([]);
  });

  it('refuses what the CMS would never send, with a 400, nothing audited and nobody mailed', async () => {
    const good = { actorEmail: 'cms.admin@example.com', actorSiteUserId: null, targetEmail: 'check.reset@example.com' };
    const bad = [
      { ...good, targetEmail: 'not an address' },
      { ...good, targetEmail: undefined },
      { ...good, actorEmail: '' },
      { ...good, actorSiteUserId: 0 },
      { ...good, actorSiteUserId: '7' },
      { ...good, actorSiteUserId: undefined },
      { ...good, targetEmail: `${'x'.repeat(320)}@example.com` },
      { ...good, extra: true },
    ];
    for (const body of bad) expect((await post(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(await mailsTo('check.reset@example.com')).toEqual([]);
    expect(await entriesAbout('check.reset@example.com')).toEqual([]);
  });
});
