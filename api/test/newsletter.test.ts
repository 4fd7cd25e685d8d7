import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, users } from '../src/db/schema/index.ts';
import { sendNewsletters } from '../src/domain/notifications/newsletter.ts';
import { sendNotificationMails } from '../src/domain/notifications/notification-mails.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { createMailer } from '../src/integrations/mailer.ts';
import { notificationDigestJob } from '../src/jobs/notification-mail-job.ts';
import { scheduleJob } from '../src/jobs/schedule-job.ts';
import { browserClient } from './browser-client.ts';
import { signedInMember } from './signed-in-member.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';
import { everyoneTold } from './told.ts';

// Issue 37 #6 and #8: the digest (one mail a period, once across instances) and the creator's
// newsletter (segments, the tier rule, the unsubscribe, and a sender killed halfway resumed
// without a duplicate).
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
type Client = ReturnType<typeof browserClient>;
const FREE_ARTICLE = 1;
const PRO_ARTICLE = 2;

const member = (username: string, tier: 'free' | 'pro' | 'vip' = 'pro', admin = false) => signedInMember(testDb.db, app.base, username, tier, admin);
const idOf = async (username: string) => (await testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const mailsTo = (to: string) => testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.id);
const outbox = () => createMailer({ db: testDb.db, logger: silentLogger, from: 'site@example.com' });
const mailDeps = () => ({ db: testDb.db, mailer: outbox(), logger: silentLogger, publicUrl: 'https://site.example', internalSecret: TEST_SECRET, siteName: () => 'Better Self' });
const comment = async (c: Client, articleId: number, content: string, parentCommentId?: number) => {
  const res = await c.post(`/api/articles/${articleId}/comments`, { content, ...(parentCommentId ? { parentCommentId } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await everyoneTold(testDb.db);
  return res.body as { id: number };
};
const settings = (over: Record<string, string>) => ({ reply: 'app', mention: 'app', order: 'app', report: 'app', membership: 'app', digest: 'off', ...over });
const oneClick = async (mail: { headers: Record<string, string> | null }) => {
  const link = /^<https:\/\/site\.example(\/api\/[^>]+)>$/.exec(mail.headers!['List-Unsubscribe']!)![1]!;
  const res = await fetch(`${app.base}${link}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  return { status: res.status, body: await res.json() };
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url });
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('the digest', () => {
  it('gathers a period’s unread notifications into one mail, sent once across two instances, instead of a mail each', async () => {
    const dee = await member('d_dee');
    const eli = await member('d_eli');
    expect((await dee.put('/api/notifications/settings', settings({ reply: 'both', digest: 'daily' }))).body).toMatchObject({ reply: 'both', digest: 'daily', newsletter: 'on' });
    expect((await dee.put('/api/notifications/settings', settings({ digest: 'hourly' }))).status).toBe(400);
    const deeId = await idOf('d_dee');
    const first = await comment(dee, FREE_ARTICLE, 'Tell me once a day.');
    await comment(eli, FREE_ARTICLE, 'First answer.', first.id);
    await comment(eli, FREE_ARTICLE, 'Second answer, @d_dee.', first.id);
    // On a digest, "both" is the bell and the digest: no mail of its own. (One member's two in one place are one, issue 47 #1.)
    expect((await testDb.db.select().from(notifications).where(eq(notifications.userId, deeId))).map((n) => [n.emailState, n.more])).toEqual([[null, 1]]);
    expect((await sendNotificationMails(mailDeps())).sent).toBe(0);

    // Two instances tick the digest job at the same moment: one round, one mail.
    const at = new Date();
    const job = notificationDigestJob({ ...mailDeps(), clock: () => at }, 900_000);
    const instance = (name: string) => scheduleJob({ db: testDb.db, logger: silentLogger, clock: () => at, instance: name }, job);
    const [a, b] = [instance('api-a'), instance('api-b')];
    expect((await Promise.all([a.tick(), b.tick()])).sort()).toEqual(['ran', 'taken']);
    a.stop();
    b.stop();
    const [digest, ...more] = await mailsTo('d_dee@example.com');
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('Your daily digest: 1 new notification on Better Self');
    expect(digest!.text).toContain('• d_eli replied to your comment on “Article 1 (free)” (and 1 more)');
    expect(digest!.text).toMatch(new RegExp(`https://site\\.example/articles/${FREE_ARTICLE}#comment-\\d+`));
    expect(digest!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // Two senders at once (overlapping rounds) still send a member one digest a period.
    const { sendDigests } = await import('../src/domain/notifications/digest-mails.ts');
    const later = new Date(at.getTime() + 86_400_000 + 1000);
    await comment(eli, FREE_ARTICLE, 'Third answer.', first.id);
    const runs = await Promise.all([sendDigests(mailDeps(), later), sendDigests(mailDeps(), later)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const second = (await mailsTo('d_dee@example.com'))[1]!;
    // Folded into since the last digest: listed again, with its count.
    expect(second.subject).toBe('Your daily digest: 1 new notification on Better Self');
    expect(second.text).toContain('(and 2 more)');
    // Nothing new, or not yet a day: no mail.
    expect((await sendDigests(mailDeps(), new Date(later.getTime() + 3_600_000))).sent).toBe(0);

    // Read notifications are not listed; the one-click link turns the digest off.
    await dee.post('/api/notifications/read', {});
    await comment(eli, FREE_ARTICLE, 'Fourth answer.', first.id);
    expect(await oneClick(second)).toEqual({ status: 200, body: { kind: 'digest', setting: 'off' } });
    expect((await dee.get('/api/notifications/settings')).body).toMatchObject({ digest: 'off', reply: 'both' });
    expect((await sendDigests(mailDeps(), new Date(later.getTime() + 2 * 86_400_000))).sent).toBe(0);
  });
});

describe('the newsletter', () => {
  let admin: Client;
  beforeAll(async () => {
    admin = await member('n_admin', 'vip', true);
  });

  it('is sent by admins only, validated', async () => {
    const pro = await member('nl_pro_only');
    expect((await browserClient(app.base).post('/api/admin/newsletters', { articleId: FREE_ARTICLE, segment: 'all' })).status).toBe(401);
    expect((await pro.post('/api/admin/newsletters', { articleId: FREE_ARTICLE, segment: 'all' })).status).toBe(403);
    expect((await pro.get('/api/admin/newsletters')).status).toBe(403);
    expect((await admin.post('/api/admin/newsletters', { articleId: FREE_ARTICLE, segment: 'everyone' })).status).toBe(400);
    expect((await admin.post('/api/admin/newsletters', { articleId: FREE_ARTICLE, segment: 'all', extra: 1 })).status).toBe(400);
    expect((await admin.post('/api/admin/newsletters', { articleId: 999, segment: 'all' })).status).toBe(404);
  });

  it('goes to its segment: the whole article to members its tier reaches, its public part and a link to the rest; never to those who turned it off', async () => {
    await testDb.db.delete(mailOutbox);
    const members = { fay: await member('nl_fay', 'free'), pam: await member('nl_pam', 'pro'), val: await member('nl_val', 'vip'), off: await member('nl_off', 'pro'), unc: await member('nl_unc', 'pro') };
    await members.off.put('/api/notifications/settings', { ...settings({}), newsletter: 'off' });
    await testDb.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.username, 'nl_unc'));

    // Pressed three times at once: one newsletter, the others refused.
    const presses = await Promise.all([1, 2, 3].map(() => admin.post('/api/admin/newsletters', { articleId: PRO_ARTICLE, segment: 'pro' })));
    expect(presses.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect(presses.find((r) => r.status === 409)!.body).toMatchObject({ message: 'This article is already being sent to these members.' });
    const proOnly = presses.find((r) => r.status === 201)!;
    const everyone = (await admin.post('/api/admin/newsletters', { articleId: PRO_ARTICLE, segment: 'all' })).body as { id: number; recipients: number; unsubscribed: number };
    expect(proOnly.body).toMatchObject({ title: 'Article 2 (pro)', segment: 'pro', sentBy: 'n_admin', pending: expect.any(Number), sent: 0, failed: 0, unsubscribed: 1, finishedAt: null });

    const done = await sendNewsletters({ ...mailDeps(), content: app.content, mailsPerSecond: 1000 }, 60_000);
    expect(done.failed).toBe(0);
    const reports = (await admin.get('/api/admin/newsletters')).body as { id: number; segment: string; recipients: number; sent: number; failed: number; unsubscribed: number; pending: number; finishedAt: string | null }[];
    const all = reports.find((r) => r.id === everyone.id)!;
    expect(all).toMatchObject({ pending: 0, failed: 0, unsubscribed: 1, finishedAt: expect.any(String) });
    expect(all.sent).toBe(all.recipients - 1);
    expect(reports.find((r) => r.segment === 'pro')).toMatchObject({ pending: 0, failed: 0, unsubscribed: 1 });

    const [fay] = await mailsTo('nl_fay@example.com');
    const pam = await mailsTo('nl_pam@example.com');
    const [val] = await mailsTo('nl_val@example.com');
    // Pam is Pro: she is in both segments.
    expect(pam).toHaveLength(2);
    for (const whole of [pam[0]!, val!]) {
      expect(whole.subject).toBe('Article 2 (pro)');
      expect(whole.text).toContain('SECRET-BODY-2');
      expect(whole.html).toContain('SECRET-BODY-2');
    }
    // Below the tier: the public part and a link, never the body.
    expect(fay!.text).not.toContain('SECRET-BODY');
    expect(fay!.html).not.toContain('SECRET-BODY');
    expect(fay!.text).toContain('Excerpt of article 2');
    expect(fay!.text).toContain(`The rest of this article is for Pro members: https://site.example/articles/${PRO_ARTICLE}`);
    // Mail clients: inline styles only, a plain-text part, absolute links, the one-click unsubscribe.
    expect(fay!.html).not.toMatch(/<style|class=/);
    expect(fay!.html).toContain(`href="https://site.example/articles/${PRO_ARTICLE}"`);
    expect(fay!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await mailsTo('nl_off@example.com')).toEqual([]);
    expect(await mailsTo('nl_unc@example.com')).toEqual([]);

    expect(await oneClick(fay!)).toEqual({ status: 200, body: { kind: 'newsletter', setting: 'off' } });
    expect((await members.fay.get('/api/notifications/settings')).body).toMatchObject({ newsletter: 'off' });
    const next = (await admin.post('/api/admin/newsletters', { articleId: FREE_ARTICLE, segment: 'free' })).body as { recipients: number; unsubscribed: number };
    expect(next.unsubscribed).toBeGreaterThanOrEqual(1);
    await sendNewsletters({ ...mailDeps(), content: app.content, mailsPerSecond: 1000 }, 60_000);
    expect(await mailsTo('nl_fay@example.com')).toHaveLength(1);
  });

  it('never goes to a suspended or banned member, nor to one suspended after it was queued (issue 47 #6)', async () => {
    const vip = { sus: await member('nl_sus', 'vip'), ban: await member('nl_ban', 'vip'), late: await member('nl_late', 'vip'), ok: await member('nl_ok', 'vip') };
    expect(Object.keys(vip)).toHaveLength(4);
    await testDb.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.username, 'nl_sus'));
    await testDb.db.update(users).set({ accountStatus: 'banned' }).where(eq(users.username, 'nl_ban'));
    const queued = await admin.post('/api/admin/newsletters', { articleId: 3, segment: 'vip' });
    expect(queued.status).toBe(201);
    await testDb.db.update(users).set({ accountStatus: 'suspended' }).where(eq(users.username, 'nl_late'));
    await sendNewsletters({ ...mailDeps(), content: app.content, mailsPerSecond: 1000 }, 60_000);
    expect(await mailsTo('nl_ok@example.com')).toHaveLength(1);
    for (const name of ['nl_sus', 'nl_ban', 'nl_late']) expect(await mailsTo(`${name}@example.com`), name).toEqual([]);
    const report = ((await admin.get('/api/admin/newsletters')).body as { id: number; recipients: number; sent: number; unsubscribed: number }[]).find((r) => r.id === queued.body.id)!;
    expect(report.sent).toBe(report.recipients - 1);
    expect(report.unsubscribed).toBe(1);
  });

  it('sends a test copy to the signed-in admin only, as the chosen segment sees it, marked as a test and audited (issue 47 #13)', async () => {
    const before = (await admin.get('/api/admin/newsletters')).body as unknown[];
    const asFree = await admin.post('/api/admin/newsletters/test', { articleId: PRO_ARTICLE, segment: 'free' });
    expect(asFree.status).toBe(200);
    expect(asFree.body).toEqual({ message: 'A test copy was sent to n_admin@example.com.' });
    const asPro = await admin.post('/api/admin/newsletters/test', { articleId: PRO_ARTICLE, segment: 'pro' });
    expect(asPro.status).toBe(200);
    const [free, pro] = (await mailsTo('n_admin@example.com')).filter((m) => m.subject.startsWith('[Test] '));
    expect(free!.subject).toBe('[Test] Article 2 (pro)');
    // As a free member sees it: the public part, never the body — though the admin may read it all.
    expect(free!.text).toMatch(/^This is a test of the newsletter, sent only to you, as Free members will see it\./);
    expect(free!.text).not.toContain('SECRET-BODY');
    expect(free!.html).toContain('This is a test of the newsletter');
    expect(pro!.text).toContain('SECRET-BODY-2');
    // Nothing is queued; the test is in the audit log.
    expect((await admin.get('/api/admin/newsletters')).body).toEqual(before);
    const audit = (await admin.get('/api/admin/audit?action=newsletter.test_sent')).body as { entries: { action: string; details: unknown }[] };
    expect(audit.entries.map((e) => e.details)).toEqual([{ articleId: PRO_ARTICLE, title: 'Article 2 (pro)', segment: 'pro' }, { articleId: PRO_ARTICLE, title: 'Article 2 (pro)', segment: 'free' }]);
    // Admins only, validated.
    expect((await (await member('nl_tester')).post('/api/admin/newsletters/test', { articleId: PRO_ARTICLE, segment: 'pro' })).status).toBe(403);
    expect((await admin.post('/api/admin/newsletters/test', { articleId: PRO_ARTICLE, segment: 'everyone' })).status).toBe(400);
    expect((await admin.post('/api/admin/newsletters/test', { articleId: 999, segment: 'pro' })).status).toBe(404);
  });

  it('survives its sender being killed halfway: resumed by the next round, no member mailed twice', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      // No reverse DNS of each client: a look-up with no resolver to ask costs each connection its time-out.
      disableReverseLookup: true,
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => (session.envelope.rcptTo.forEach((r) => received.push(r.address)), callback()));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    try {
      await testDb.db.execute(sql`insert into app.users (username, email, password_hash, email_confirmed_at, membership_tier)
        select 'crowd_' || i, 'crowd_' || i || '@example.com', 'x', now(), 'pro' from generate_series(1, 200) i`);
      const { id } = (await admin.post('/api/admin/newsletters', { articleId: FREE_ARTICLE, segment: 'pro' })).body as { id: number };
      const article = app.content.current().articles.get(FREE_ARTICLE)!;

      const child = fork(fileURLToPath(new URL('./newsletter-sender.ts', import.meta.url)), { env: { ...process.env, DATABASE_URL: testDb.url, SMTP_URL: smtpUrl, ARTICLE: JSON.stringify(article) }, stdio: 'inherit' });
      const exited = new Promise((r) => child.once('exit', r));
      await new Promise<void>((resolve, reject) => {
        child.on('message', (m: { sent?: number; done?: boolean }) => {
          if (m.done) reject(new Error('the sender finished before it was killed'));
          if ((m.sent ?? 0) >= 80) resolve();
        });
      });
      child.kill('SIGKILL');
      await exited;
      const beforeResume = received.length;
      expect(beforeResume).toBeGreaterThanOrEqual(80);

      const resumed = await sendNewsletters({ ...mailDeps(), mailer: createMailer({ db: testDb.db, logger: silentLogger, smtpUrl, from: 'site@example.com' }), content: app.content, mailsPerSecond: 1000 }, 60_000);
      const report = ((await admin.get('/api/admin/newsletters')).body as { id: number; recipients: number; sent: number; failed: number; unsubscribed: number; pending: number }[]).find((r) => r.id === id)!;
      expect(report.pending).toBe(0);
      // What was in flight when it died may have gone: it is counted failed, not sent again.
      expect(resumed.interrupted).toBeLessThanOrEqual(5);
      expect(report.failed).toBe(resumed.interrupted);
      expect(report.sent + report.failed + report.unsubscribed).toBe(report.recipients);
      const crowd = received.filter((a) => a.startsWith('crowd_'));
      expect(new Set(crowd).size).toBe(crowd.length);
      expect(crowd.length).toBeGreaterThanOrEqual(200 - resumed.interrupted);
      expect(received.length).toBeGreaterThan(beforeResume);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
    // A sender process of its own, started and killed, then a second round: more than the default 20 s on a loaded machine.
  }, 60_000);
});
