import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, notifications, notificationSettings, throttleEvents, users } from '../src/db/schema/index.ts';
import { MAILS_PER_HOUR, PER_MEMBER_PER_HOUR, PER_SENDER_PER_HOUR } from '../src/domain/notifications/flood-limits.ts';
import { sendNotificationMails } from '../src/domain/notifications/notification-mails.ts';
import { notify } from '../src/domain/notifications/notify.ts';
import { createMailer } from '../src/integrations/mailer.ts';
import { appForThisFile } from './file-app.ts';
import { silentLogger, TEST_SECRET } from './test-app.ts';
import { everyoneTold } from './told.ts';

// Issue 47 #1: one member cannot flood another with notifications or mails by repetition.
const t = appForThisFile();
const FREE_ARTICLE = 1;
const mailDeps = () => ({ db: t.testDb.db, mailer: createMailer({ db: t.testDb.db, logger: silentLogger, from: 'site@example.com' }), logger: silentLogger, publicUrl: 'https://site.example', internalSecret: TEST_SECRET, siteName: () => 'Better Self' });
const idOf = async (username: string) => (await t.testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const rowsOf = async (userId: number) => t.testDb.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
const mailsTo = (username: string) => t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, `${username}@example.com`)).orderBy(mailOutbox.id);
const wantsMail = (userId: number) => t.testDb.db.insert(notificationSettings).values({ userId, mention: 'both' }).onConflictDoUpdate({ target: notificationSettings.userId, set: { mention: 'both' } });
/** Members who exist (each created on first use), without signing them in. */
async function members(prefix: string, n: number): Promise<number[]> {
  await t.testDb.db.execute(sql`insert into app.users (username, email, password_hash, email_confirmed_at, membership_tier)
    select ${prefix} || i, ${prefix} || i || '@example.com', 'x', now(), 'pro' from generate_series(1, ${n}) i on conflict do nothing`);
  return (await t.testDb.db.select({ id: users.id }).from(users).where(sql`${users.username} like ${`${prefix}%`}`).orderBy(users.id)).map((u) => u.id);
}
const mention = (actorId: number, recipient: number, place: string) => notify(t.testDb.db, { kind: 'mention', recipients: [recipient], actorId, text: `Someone mentioned you in ${place}`, url: '/community', place });

describe('a flood of mentions', () => {
  it('from one member in one place is one notification, “and N more”, unread, and one mail', async () => {
    const sender = await t.member('fl_sender', 'pro');
    const target = await t.member('fl_target', 'pro');
    await wantsMail(await idOf('fl_target'));
    for (let i = 0; i < 5; i++) expect((await sender.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: `Hey @fl_target, number ${i}` })).status).toBe(201);
    await everyoneTold(t.testDb.db);
    const page = (await target.get('/api/notifications')).body as { unread: number; items: { text: string; url: string }[] };
    expect(page.unread).toBe(1);
    expect(page.items).toMatchObject([{ text: 'fl_sender mentioned you in a comment on “Article 1 (free)” (and 4 more)', url: expect.stringMatching(new RegExp(`^/articles/${FREE_ARTICLE}#comment-\\d+$`)) }]);
    expect((await rowsOf(await idOf('fl_target'))).map((r) => r.more)).toEqual([4]);
    await sendNotificationMails(mailDeps());
    expect((await mailsTo('fl_target')).map((m) => m.subject)).toEqual(['fl_sender mentioned you in a comment on “Article 1 (free)” (and 4 more)']);

    // Read, then named again: the same notification is unread again, still one.
    await target.post('/api/notifications/read', {});
    // (A minute on, as far as the comment limit goes.)
    await t.testDb.db.delete(throttleEvents);
    expect((await sender.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: 'Still there, @fl_target?' })).status).toBe(201);
    await everyoneTold(t.testDb.db);
    const again = (await target.get('/api/notifications')).body as { unread: number; items: { text: string }[] };
    expect(again).toMatchObject({ unread: 1, items: [{ text: expect.stringContaining('(and 5 more)') }] });
    await sendNotificationMails(mailDeps());
    expect(await mailsTo('fl_target')).toHaveLength(1);
  });

  it('folds parallel mentions from one member in one place into one notification (the member’s lock)', async () => {
    const [sender, target] = await members('fl_par_', 2);
    await Promise.all(Array.from({ length: 10 }, () => mention(sender!, target!, 'room:1')));
    expect((await rowsOf(target!)).map((r) => r.more)).toEqual([9]);
  });

  it(`from one member over many places starts at most ${PER_SENDER_PER_HOUR} notifications an hour; the rest fold into their newest`, async () => {
    const [sender, target] = await members('fl_places_', 2);
    for (let i = 1; i <= PER_SENDER_PER_HOUR + 3; i++) await mention(sender!, target!, `article:${i}`);
    const rows = await rowsOf(target!);
    expect(rows).toHaveLength(PER_SENDER_PER_HOUR);
    expect(rows.map((r) => r.more)).toEqual([...Array(PER_SENDER_PER_HOUR - 1).fill(0), 3]);
  });

  it(`from many members starts at most ${PER_MEMBER_PER_HOUR} notifications an hour for one member`, async () => {
    const [target, ...senders] = await members('fl_crowd_', PER_MEMBER_PER_HOUR + 6);
    for (const s of senders) await mention(s, target!, 'bulletin');
    const rows = await rowsOf(target!);
    expect(rows).toHaveLength(PER_MEMBER_PER_HOUR);
    expect(rows.reduce((n, r) => n + 1 + r.more, 0)).toBe(senders.length);
    // The site's own news is not held back by it.
    await notify(t.testDb.db, { kind: 'order', recipients: [target!], actorId: null, text: 'Your order #1 has shipped', url: '/orders/1' });
    expect(await rowsOf(target!)).toHaveLength(PER_MEMBER_PER_HOUR + 1);
  });

  it(`mails a member at most ${MAILS_PER_HOUR} notifications an hour; the rest go together in one catch-up mail once the hour has room`, async () => {
    const [target, ...senders] = await members('fl_mail_', MAILS_PER_HOUR + 4);
    await wantsMail(target!);
    for (const s of senders) await mention(s, target!, 'bulletin');
    expect((await rowsOf(target!)).map((r) => r.emailState)).toEqual([...Array(MAILS_PER_HOUR).fill('pending'), 'held', 'held', 'held']);
    await sendNotificationMails(mailDeps());
    expect(await mailsTo('fl_mail_1')).toHaveLength(MAILS_PER_HOUR);
    // Within the hour, nothing more.
    await sendNotificationMails(mailDeps());
    expect(await mailsTo('fl_mail_1')).toHaveLength(MAILS_PER_HOUR);
    // An hour on: the held ones in one mail, with the one-click unsubscribe.
    await t.testDb.db.update(notifications).set({ createdAt: sql`${notifications.createdAt} - interval '61 minutes'` }).where(and(eq(notifications.userId, target!), eq(notifications.emailState, 'sent')));
    await sendNotificationMails(mailDeps());
    const mails = await mailsTo('fl_mail_1');
    expect(mails).toHaveLength(MAILS_PER_HOUR + 1);
    const catchUp = mails.at(-1)!;
    expect(catchUp.subject).toBe('3 new notifications on Better Self');
    expect(catchUp.text.match(/^• Someone mentioned you in bulletin$/gm)).toHaveLength(3);
    expect(catchUp.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect((await rowsOf(target!)).every((r) => r.emailState === 'sent')).toBe(true);
    await sendNotificationMails(mailDeps());
    expect(await mailsTo('fl_mail_1')).toHaveLength(MAILS_PER_HOUR + 1);
  });

  it('a reply notification leads to the reply itself', async () => {
    const asker = await t.member('fl_asker', 'pro');
    const answerer = await t.member('fl_answerer', 'pro');
    const question = (await asker.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: 'Any tips?' })).body as { id: number };
    const reply = (await answerer.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: 'Start small.', parentCommentId: question.id })).body as { id: number };
    await everyoneTold(t.testDb.db);
    const page = (await asker.get('/api/notifications')).body as { items: { kind: string; url: string }[] };
    expect(page.items).toMatchObject([{ kind: 'reply', url: `/articles/${FREE_ARTICLE}#comment-${reply.id}` }]);
    const ids = [await idOf('fl_asker')];
    expect((await t.testDb.db.select().from(notifications).where(inArray(notifications.userId, ids))).map((n) => n.place)).toEqual([`article:${FREE_ARTICLE}`]);
  });
});
