import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../src/db/schema/index.ts';
import type { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

// Issue 47 #13: a contributor's "Submitted for review" in the CMS tells the editors. The CMS sends
// who may publish (cms/test/review-requests.test.ts proves it calls once); here the API tells them.
const t = appForThisFile();
const post = (body: unknown, headers: Record<string, string> = { 'x-internal-secret': TEST_SECRET }) =>
  t.app.fetch('/api/internal/review-requested', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const idOf = async (username: string) => (await t.testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
type Inbox = { unread: number; items: { kind: string; text: string; url: string; actor: unknown }[] };
const inbox = async (c: ReturnType<typeof browserClient>) => (await c.get('/api/notifications')).body as Inbox;
const mailsTo = (to: string) => t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('a review request from the CMS', () => {
  it('tells the editors who sign in through the site in the app, and mails those with a CMS password of their own', async () => {
    const boss = await t.member('rv_boss', 'free', true);
    const chief = await t.member('rv_chief', 'free', true);
    // Linked once, no longer an admin: the link would not let them in, so they are not told.
    const former = await t.member('rv_former');
    const editors = [
      { siteUserId: await idOf('rv_boss'), email: 'rv_boss@example.com' },
      { siteUserId: await idOf('rv_chief'), email: 'rv_chief@example.com' },
      { siteUserId: await idOf('rv_former'), email: 'rv_former@example.com' },
      { siteUserId: null, email: 'desk.editor@example.com' },
    ];
    const res = await post({ articleId: 41, title: 'Sleep, explained', requestedBy: 'Cleo Writer', editors });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ notified: 2, mailed: 1 });

    for (const editor of [boss, chief]) {
      expect((await inbox(editor)).items).toEqual([expect.objectContaining({ kind: 'review', text: 'Cleo Writer submitted “Sleep, explained” for review', url: '/cms/admin/collections/articles/41', actor: null })]);
    }
    expect((await inbox(former)).items).toEqual([]);
    const [mail, ...more] = await mailsTo('desk.editor@example.com');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Cleo Writer submitted “Sleep, explained” for review on Better Self');
    expect(mail!.text).toContain(`${TEST_ORIGIN}/cms/admin/collections/articles/41`);
    // Nobody linked is mailed by this route: their settings decide (the notification mail job).
    // (Their only mail is about the passkey they added as staff must, issue 52.)
    expect((await mailsTo('rv_boss@example.com')).filter((m) => !/passkey/.test(m.subject))).toEqual([]);
  });

  it('tells no one again when the same article is submitted again within minutes (a retry, a tick turned off and on)', async () => {
    const ed = await t.member('rv_again', 'free', true);
    const editors = [{ siteUserId: await idOf('rv_again'), email: 'rv_again@example.com' }, { siteUserId: null, email: 'again.desk@example.com' }];
    const ask = { articleId: 42, title: 'Twice', requestedBy: 'cleo@example.com', editors };
    expect(await (await post(ask)).json()).toEqual({ notified: 1, mailed: 1 });
    expect(await (await post(ask)).json()).toEqual({ notified: 0, mailed: 0 });
    expect((await inbox(ed)).items).toHaveLength(1);
    expect(await mailsTo('again.desk@example.com')).toHaveLength(1);
    // Another article is news of its own.
    expect(await (await post({ ...ask, articleId: 43, title: 'Another' })).json()).toEqual({ notified: 1, mailed: 1 });
  });

  it('follows an editor’s setting for review requests: off tells them nothing', async () => {
    const quiet = await t.member('rv_quiet', 'free', true);
    const settings = (await quiet.get('/api/notifications/settings')).body as Record<string, string>;
    expect(settings.review).toBe('app');
    expect((await quiet.put('/api/notifications/settings', { ...settings, review: 'off' })).status).toBe(200);
    expect(((await quiet.get('/api/notifications/settings')).body as Record<string, string>).review).toBe('off');
    // A form that leaves it out (a member's, which does not show it) keeps it as it is.
    const { review: _kept, ...withoutReview } = settings;
    expect((await quiet.put('/api/notifications/settings', { ...withoutReview, reply: 'both' })).status).toBe(200);
    expect(((await quiet.get('/api/notifications/settings')).body as Record<string, string>).review).toBe('off');

    expect(await (await post({ articleId: 44, title: 'Quietly', requestedBy: 'Cleo', editors: [{ siteUserId: await idOf('rv_quiet'), email: 'rv_quiet@example.com' }] })).json()).toEqual({ notified: 0, mailed: 0 });
    expect((await inbox(quiet)).items).toEqual([]);
  });

  it('is answered only to our services: no secret or a wrong one is refused, so is a call through a proxy', async () => {
    const ask = { articleId: 45, title: 'Sneaky', requestedBy: 'Mallory', editors: [{ siteUserId: null, email: 'victim@example.com' }] };
    expect((await post(ask, {})).status).toBe(403);
    expect((await post(ask, { 'x-internal-secret': 'wrong' })).status).toBe(403);
    expect((await post(ask, { 'x-internal-secret': TEST_SECRET, 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect(await mailsTo('victim@example.com')).toEqual([]);
  });

  it('refuses what the CMS would never send, with a 400 and nothing told', async () => {
    const editor = { siteUserId: null, email: 'check.desk@example.com' };
    const good = { articleId: 46, title: 'Fine', requestedBy: 'Cleo', editors: [editor] };
    const bad = [
      { ...good, title: '' },
      { ...good, title: 'x'.repeat(201) },
      { ...good, articleId: 0 },
      { ...good, articleId: 2 ** 31 },
      { ...good, articleId: '46' },
      { ...good, requestedBy: undefined },
      { ...good, editors: [{ siteUserId: null, email: 'not an address' }] },
      { ...good, editors: [{ siteUserId: -1, email: 'check.desk@example.com' }] },
      { ...good, editors: Array.from({ length: 201 }, (_, i) => ({ siteUserId: null, email: `e${i}@example.com` })) },
      { ...good, extra: true },
    ];
    for (const body of bad) expect((await post(body)).status, JSON.stringify(body).slice(0, 80)).toBe(400);
    expect(await mailsTo('check.desk@example.com')).toEqual([]);
    expect((await post(good)).status).toBe(200);
    expect(await mailsTo('check.desk@example.com')).toHaveLength(1);
  });
});
