import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications, orders, users } from '../src/db/schema/index.ts';
import { sendNotificationMails } from '../src/domain/notifications/notification-mails.ts';
import { sendMembershipMail } from '../src/domain/membership/membership-mail.ts';
import type { MembershipDeps } from '../src/domain/membership/membership-deps.ts';
import { createMailer } from '../src/integrations/mailer.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { signedInMember } from './signed-in-member.ts';
import { chatClient } from './chat-client.ts';
import { chatInstances } from './chat-instances.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';
import { everyoneTold } from './told.ts';

// Issue 37: members hear back — replies, mentions, orders and reports — each their own, never of
// their own action or of what their tier keeps from them, live on the socket of any instance.
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const instances = chatInstances(() => testDb.url);
type Client = ReturnType<typeof browserClient>;

// Sample content: article 1 is free, 2 Pro, 3 VIP.
const FREE_ARTICLE = 1;
const PRO_ARTICLE = 2;

// Commenting is a Pro perk: members are Pro unless a test says otherwise.
const member = (username: string, tier: 'free' | 'pro' | 'vip' = 'pro', admin = false) => signedInMember(testDb.db, app.base, username, tier, admin);
const idOf = async (username: string) => (await testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
type Page = { unread: number; items: { id: number; kind: string; text: string; url: string; actor: { username: string } | null; readAt: string | null }[] };
const inbox = async (c: Client, query = '') => (await c.get(`/api/notifications${query}`)).body as Page;
const comment = async (c: Client, articleId: number, content: string, parentCommentId?: number) => {
  const res = await c.post(`/api/articles/${articleId}/comments`, { content, ...(parentCommentId ? { parentCommentId } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await everyoneTold(testDb.db);
  return res.body as { id: number };
};

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url });
});
afterAll(async () => {
  await instances.stopAll();
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('notifications', () => {
  it('are for signed-in members only', async () => {
    const visitor = browserClient(app.base);
    expect((await visitor.get('/api/notifications')).status).toBe(401);
    expect((await visitor.post('/api/notifications/read', {})).status).toBe(401);
    expect((await visitor.get('/api/notifications/settings')).status).toBe(401);
    expect((await visitor.put('/api/notifications/settings', {})).status).toBe(401);
  });

  it('tell a member someone replied to their comment, with who, where and what, never of their own reply', async () => {
    const ann = await member('n_ann');
    const bob = await member('n_bob');
    const first = await comment(ann, FREE_ARTICLE, 'What helps you start the day?');
    await comment(ann, FREE_ARTICLE, 'Answering myself: coffee.', first.id);
    expect(await inbox(ann)).toEqual({ unread: 0, items: [] });
    const walk = await comment(bob, FREE_ARTICLE, 'A short walk.', first.id);
    const page = await inbox(ann);
    expect(page.unread).toBe(1);
    expect(page.items).toMatchObject([{ kind: 'reply', text: 'n_bob replied to your comment on “Article 1 (free)”', url: `/articles/${FREE_ARTICLE}#comment-${walk.id}`, actor: { username: 'n_bob' }, readAt: null }]);
    expect(await inbox(bob)).toEqual({ unread: 0, items: [] });
  });

  it('tell members an @mention names them, when they may read the place: not the writer, not a member below the tier, at most the first 10', async () => {
    const pat = await member('n_pat', 'pro');
    await member('n_val', 'vip');
    await member('n_free', 'free');
    await comment(pat, PRO_ARTICLE, 'Thanks @n_val and @N_FREE — and @n_pat, @nobody_here.');
    expect((await inbox(await member('n_val', 'vip'))).items).toMatchObject([{ kind: 'mention', text: 'n_pat mentioned you in a comment on “Article 2 (pro)”', actor: { username: 'n_pat' } }]);
    // The Pro article is beyond a free member: they are not told it exists.
    expect((await inbox(await member('n_free', 'free'))).items).toEqual([]);
    expect((await inbox(pat)).items).toEqual([]);

    const crowd = Array.from({ length: 12 }, (_, i) => `n_crowd${i}`);
    for (const name of crowd) await member(name);
    await comment(pat, FREE_ARTICLE, crowd.map((n) => `@${n}`).join(' '));
    const told = await Promise.all(crowd.map(async (n) => (await testDb.db.select().from(notifications).where(eq(notifications.userId, await idOf(n)))).length));
    expect(told).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]);
  });

  it('tell members a bulletin post or a chat message names them (the room’s own readers)', async () => {
    const tia = await member('n_tia');
    const ugo = await member('n_ugo');
    expect((await tia.post('/api/bulletin', { title: 'Morning club', content: 'Join us, @n_ugo!', category: 'General' })).status).toBe(201);
    expect((await inbox(ugo)).items).toMatchObject([{ kind: 'mention', text: 'n_tia mentioned you in a bulletin post, “Morning club”', url: '/community' }]);
    const general = ((await tia.get('/api/chat/rooms')).body as { id: number; name: string }[]).find((r) => r.name === 'General Chat')!;
    const s = await chatClient(app.wsUrl, tia.cookies);
    s.send({ type: 'join', roomId: general.id });
    await s.next('joined');
    s.send({ type: 'message', roomId: general.id, content: 'Morning @n_ugo' });
    await expect.poll(async () => (await inbox(ugo)).items.length).toBe(2);
    expect((await inbox(ugo)).items[0]).toMatchObject({ kind: 'mention', text: 'n_tia mentioned you in General Chat', url: '/chat' });
    s.close();
  });

  it('suggest whom to @mention: names starting so, who may read the place, never oneself', async () => {
    const wal = await member('n_wal');
    await member('n_wes');
    await member('n_wen', 'free');
    const names = async (q: string, place: string) => ((await wal.get(`/api/mentions?q=${encodeURIComponent(q)}&in=${place}`)).body as { username: string }[]).map((m) => m.username);
    expect(await names('n_we', `article:${FREE_ARTICLE}`)).toEqual(['n_wen', 'n_wes']);
    // The Pro article: a free member may not read it, so is not offered.
    expect(await names('N_WE', `article:${PRO_ARTICLE}`)).toEqual(['n_wes']);
    expect(await names('n_we', 'bulletin')).toEqual(['n_wen', 'n_wes']);
    expect(await names('n_wal', 'bulletin')).toEqual([]);
    expect(await names('%%', 'bulletin')).toEqual([]);
    expect((await wal.get('/api/mentions?q=n_we&in=elsewhere')).status).toBe(400);
    expect((await wal.get('/api/mentions?in=bulletin')).status).toBe(400);
    expect((await browserClient(app.base).get('/api/mentions?q=n_we&in=bulletin')).status).toBe(401);
    // A free member may not open the Pro article's composer at all.
    expect((await (await member('n_wen', 'free')).get(`/api/mentions?q=n_we&in=article:${PRO_ARTICLE}`)).status).toBe(403);
  });

  it('name which mentioned members have a public profile to link to, for anyone: switched on, with the perk, in good standing', async () => {
    await member('pp_open', 'pro');
    await member('pp_closed', 'pro');
    await member('pp_free', 'free');
    await member('pp_banned', 'pro');
    await testDb.db.update(users).set({ publicProfile: true }).where(inArray(users.username, ['pp_open', 'pp_free', 'pp_banned']));
    await testDb.db.update(users).set({ accountStatus: 'banned' }).where(eq(users.username, 'pp_banned'));
    const visitor = browserClient(app.base);
    const res = await visitor.get('/api/public-profiles?names=PP_OPEN,pp_closed,pp_free,pp_banned,nobody_here');
    expect([res.status, res.body]).toEqual([200, { names: ['pp_open'] }]);
    for (const bad of ['', '?names=a%20b', `?names=${Array.from({ length: 51 }, (_, i) => `name${i}`).join(',')}`]) expect((await visitor.get(`/api/public-profiles${bad}`)).status, bad).toBe(400);
  });

  it('a reply that also names the author tells them once, as a reply', async () => {
    const ada = await member('n_ada');
    const ben = await member('n_ben');
    const c = await comment(ada, FREE_ARTICLE, 'A question.');
    await comment(ben, FREE_ARTICLE, '@n_ada here is an answer.', c.id);
    expect((await inbox(ada)).items.map((n) => n.kind)).toEqual(['reply']);
  });

  it('tell no one of a reply refused for commenting too quickly', async () => {
    // Members of this test alone (n_ann is told of others' replies elsewhere in this file).
    const asker = await member('n_asker');
    const hasty = await member('n_hasty');
    const question = await comment(asker, FREE_ARTICLE, 'Anyone?');
    for (let i = 0; i < 5; i++) await comment(hasty, FREE_ARTICLE, `Answer ${i}`, question.id);
    const refused = await hasty.post(`/api/articles/${FREE_ARTICLE}/comments`, { content: 'One too many', parentCommentId: question.id });
    expect(refused.status).toBe(429);
    // The replies fold into one notification ("and N more"): five replies, so four more.
    const told = await testDb.db.select({ more: notifications.more }).from(notifications).where(and(eq(notifications.userId, await idOf('n_asker')), eq(notifications.actorId, await idOf('n_hasty'))));
    expect(told).toEqual([{ more: 4 }]);
  });

  it('are each member’s own: a page at a time, newest first; marking read touches only one’s own', async () => {
    const eve = await member('n_eve');
    const fay = await member('n_fay');
    // More than a page (comments are limited to 5 a minute: the rows are written as replies would write them).
    const [eveId, fayId] = [await idOf('n_eve'), await idOf('n_fay')];
    await testDb.db.insert(notifications).values(Array.from({ length: 35 }, (_, i) => ({ userId: eveId, kind: 'reply' as const, text: `reply ${i}`, url: '/articles/1', actorId: fayId })));
    const first = await inbox(eve);
    expect(first.items).toHaveLength(30);
    expect(first.items.map((n) => n.id)).toEqual([...first.items.map((n) => n.id)].sort((a, b) => b - a));
    const rest = await inbox(eve, `?before=${first.items.at(-1)!.id}`);
    expect(rest.items.every((n) => n.id < first.items.at(-1)!.id)).toBe(true);
    const total = first.unread;
    expect([total, rest.items.length]).toEqual([35, 5]);

    const fayOwn = (await inbox(await member('n_ann'))).items[0]!.id;
    expect((await fay.post('/api/notifications/read', { ids: [first.items[0]!.id] })).body).toEqual({ unread: 0 });
    expect((await inbox(eve)).unread).toBe(total);
    expect((await eve.post('/api/notifications/read', { ids: [first.items[0]!.id, fayOwn] })).body).toEqual({ unread: total - 1 });
    expect((await inbox(await member('n_ann'))).items[0]!.readAt).toBeNull();
    expect((await eve.post('/api/notifications/read', {})).body).toEqual({ unread: 0 });
    expect((await eve.get('/api/notifications?before=abc')).status).toBe(400);
    expect((await eve.post('/api/notifications/read', { ids: ['x'] })).status).toBe(400);
  });

  it('follow the member’s settings: validated, and a kind switched off is not written', async () => {
    const gil = await member('n_gil');
    const hal = await member('n_hal');
    expect((await gil.get('/api/notifications/settings')).body).toEqual({ reply: 'app', mention: 'app', order: 'app', report: 'app', membership: 'app', review: 'app', digest: 'off', newsletter: 'on' });
    const off = { reply: 'off', mention: 'both', order: 'email', report: 'app', membership: 'app', review: 'app', digest: 'weekly' };
    expect((await gil.put('/api/notifications/settings', off)).body).toEqual({ ...off, newsletter: 'on' });
    expect((await gil.put('/api/notifications/settings', { ...off, newsletter: 'off' })).body).toEqual({ ...off, newsletter: 'off' });
    // Left out, the newsletter stays as it is.
    expect((await gil.put('/api/notifications/settings', off)).body).toEqual({ ...off, newsletter: 'off' });
    expect((await gil.get('/api/notifications/settings')).body).toEqual({ ...off, newsletter: 'off' });
    for (const bad of [{ ...off, reply: 'sms' }, { ...off, digest: 'hourly' }, { ...off, newsletter: 'yes' }, { reply: 'app' }, { ...off, extra: 'app' }]) expect((await gil.put('/api/notifications/settings', bad)).status, JSON.stringify(bad)).toBe(400);
    const c = await comment(gil, FREE_ARTICLE, 'Quiet please.');
    await comment(hal, FREE_ARTICLE, 'Sorry!', c.id);
    await comment(hal, FREE_ARTICLE, 'But @n_gil, look.');
    expect((await inbox(gil)).items.map((n) => n.kind)).toEqual(['mention']);
  });

  it('tell the buyer when their order moves on, from the store', async () => {
    const ivy = await member('n_ivy');
    const admin = await member('n_admin', 'free', true);
    const [order] = await testDb.db.insert(orders).values({ userId: await idOf('n_ivy'), subtotal: 1000, discount: 0, shipping: 500, tax: 80, total: 1580, shippingAddress: '1 Main St' }).returning();
    expect((await admin.post(`/api/admin/orders/${order!.id}/status`, { status: 'shipped' })).status).toBe(200);
    expect((await inbox(ivy)).items).toMatchObject([{ kind: 'order', text: `Your order #${order!.id} has shipped`, url: `/orders/${order!.id}`, actor: null }]);
  });

  it('tell a reporter their report was reviewed, by moderators unnamed', async () => {
    const jo = await member('n_jo');
    const kit = await member('n_kit');
    const admin = await member('n_admin2', 'free', true);
    const rude = await comment(kit, FREE_ARTICLE, 'Something rude.');
    expect((await jo.post('/api/reports', { type: 'comment', contentId: rude.id, reason: 'harassment' })).status).toBe(201);
    expect((await admin.post(`/api/articles/comments/${rude.id}/hide`, { reason: 'harassment' })).status).toBe(200);
    expect((await inbox(jo)).items).toMatchObject([{ kind: 'report', text: 'A moderator reviewed your report: the comment was hidden. Thank you for telling us.', actor: null }]);
    expect((await inbox(kit)).items).toEqual([]);
  });

  it('reach the member’s open page as they happen, whichever instance served the action', async () => {
    const lee = await member('n_lee');
    const max = await member('n_max');
    const socket = await chatClient(await instances.start(), lee.cookies);
    await socket.next('welcome');
    const c = await comment(lee, FREE_ARTICLE, 'Anyone?');
    await comment(max, FREE_ARTICLE, 'Me!', c.id);
    // Pushed over the socket (no page read asks for it); how fast is bench/notifications.mjs's to say.
    const frame = await socket.next('notification', () => true, 20_000);
    expect(frame).toMatchObject({ type: 'notification', unread: 1, notification: { kind: 'reply', actor: { username: 'n_max' } } });
    socket.close();
  });

  /** The chat rooms as a member's page lists them, with their unread counts. */
  const rooms = async (c: Client) => (await c.get('/api/chat/rooms')).body as { id: number; name: string; unread: number; isMember: boolean }[];
  /** A chat page of the member's, joined to the room. */
  const openRoom = async (c: Client, roomId: number) => {
    const s = await chatClient(app.wsUrl, c.cookies);
    s.send({ type: 'join', roomId });
    await s.next('joined');
    return s;
  };

  it('count each room’s unread messages since the member last read it: others’ messages, not held ones; opening the room reads it', async () => {
    const pia = await member('n_pia');
    const quin = await member('n_quin');
    const general = (await rooms(pia)).find((r) => r.name === 'General Chat')!;
    const open = (c: Client) => openRoom(c, general.id);
    const piaSocket = await open(pia);
    piaSocket.close();
    const quinSocket = await open(quin);
    for (const text of ['one', 'two', 'three']) quinSocket.send({ type: 'message', roomId: general.id, content: text });
    await expect.poll(async () => (await rooms(pia)).find((r) => r.id === general.id)!.unread).toBe(3);
    expect((await rooms(quin)).find((r) => r.id === general.id)!.unread).toBe(0);
    // Rooms she does not belong to count nothing.
    expect((await rooms(pia)).filter((r) => !r.isMember).every((r) => r.unread === 0)).toBe(true);
    const again = await open(pia);
    expect((await rooms(pia)).find((r) => r.id === general.id)!.unread).toBe(0);
    // Live on the page, then the page closes: what came meanwhile was read there.
    quinSocket.send({ type: 'message', roomId: general.id, content: 'four' });
    await again.next('message', (m) => (m.message as { content: string }).content === 'four');
    again.close();
    await expect.poll(async () => (await rooms(pia)).find((r) => r.id === general.id)!.unread).toBe(0);
    quinSocket.close();
  });

  it('marks read what reached pages that closed at once, several members and tabs in one go', async () => {
    const readers = [await member('n_rhea'), await member('n_saul')];
    const writer = await member('n_tove');
    const general = (await rooms(writer)).find((r) => r.name === 'General Chat')!;
    const open = (c: Client) => openRoom(c, general.id);
    // Two tabs of one member and one of another, all on the room when a message comes.
    const pages = [await open(readers[0]!), await open(readers[0]!), await open(readers[1]!)];
    const talk = await open(writer);
    talk.send({ type: 'message', roomId: general.id, content: 'heard live by three pages' });
    for (const page of pages) await page.next('message', (m) => (m.message as { content: string }).content === 'heard live by three pages');
    for (const reader of readers) expect((await rooms(reader)).find((r) => r.id === general.id)!.unread).toBe(1);
    for (const page of pages) page.close();
    for (const reader of readers) await expect.poll(async () => (await rooms(reader)).find((r) => r.id === general.id)!.unread).toBe(0);
    talk.close();
  });

  it('are mailed when the member asks (email or both), once, with a one-click unsubscribe that stops that kind without signing in', async () => {
    const mailDeps = { db: testDb.db, mailer: createMailer({ db: testDb.db, logger: silentLogger, from: 'site@example.com' }), logger: silentLogger, publicUrl: 'https://site.example', internalSecret: TEST_SECRET, siteName: () => 'Better Self' };
    const mailsTo = (to: string) => testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const ray = await member('n_ray');
    const sam = await member('n_sam');
    const una = await member('n_una');
    await ray.put('/api/notifications/settings', { reply: 'both', mention: 'email', order: 'app', report: 'app', membership: 'app', digest: 'off' });
    await una.put('/api/notifications/settings', { reply: 'both', mention: 'app', order: 'app', report: 'app', membership: 'app', digest: 'off' });
    await testDb.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.username, 'n_una'));
    const rays = await comment(ray, FREE_ARTICLE, 'Mail me the answers.');
    const unas = await comment(una, FREE_ARTICLE, 'Unconfirmed here.');
    await comment(sam, FREE_ARTICLE, 'Here is one.', rays.id);
    await comment(sam, PRO_ARTICLE, 'And @n_ray, one more thing.');
    await comment(sam, FREE_ARTICLE, 'Hello.', unas.id);
    // A mention set to email only is not in the app.
    expect((await inbox(ray)).items.map((n) => n.kind)).toEqual(['reply']);

    // (An earlier test's member set mentions to "both": theirs goes too.)
    expect((await sendNotificationMails(mailDeps)).sent).toBeGreaterThanOrEqual(2);
    expect(await sendNotificationMails(mailDeps)).toEqual({ sent: 0, skipped: 0 });
    const mails = await mailsTo('n_ray@example.com');
    expect(mails.map((m) => m.subject).sort()).toEqual(['n_sam mentioned you in a comment on “Article 2 (pro)”', 'n_sam replied to your comment on “Article 1 (free)”']);
    const reply = mails.find((m) => m.subject.includes('replied'))!;
    expect(reply.text).toMatch(new RegExp(`Open it: https://site\\.example/articles/${FREE_ARTICLE}#comment-\\d+\\n`));
    expect(reply.text).toContain('Choose what we send you: https://site.example/profile#notifications');
    expect(reply.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', 'List-Unsubscribe': expect.stringMatching(/^<https:\/\/site\.example\/api\/notifications\/unsubscribe\?token=[^>]+>$/) });
    // An address not confirmed gets nothing.
    expect(await mailsTo('n_una@example.com')).toEqual([]);

    // The one-click POST, as a mail client sends it: no session, no Origin, a form body.
    const link = /^<https:\/\/site\.example(\/api\/[^>]+)>$/.exec(reply.headers!['List-Unsubscribe']!)![1]!;
    const oneClick = await fetch(`${app.base}${link}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect([oneClick.status, await oneClick.json()]).toEqual([200, { kind: 'reply', setting: 'app' }]);
    expect((await ray.get('/api/notifications/settings')).body).toMatchObject({ reply: 'app', mention: 'email' });
    for (const bad of [link.replace(/token=[^&]+/, 'token=1.reply.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), link.replace('.reply.', '.mention.'), '/api/notifications/unsubscribe']) {
      expect((await fetch(`${app.base}${bad}`, { method: 'POST' })).status, bad).toBe(404);
    }
    await comment(sam, FREE_ARTICLE, 'Another answer.', rays.id);
    expect(await sendNotificationMails(mailDeps)).toEqual({ sent: 0, skipped: 0 });
  });

  it('tell a member their membership was paid, failed to renew or will end — in the app, the receipt being its mail', async () => {
    const vic = await member('n_vic');
    await vic.put('/api/notifications/settings', { reply: 'app', mention: 'app', order: 'app', report: 'app', membership: 'both', digest: 'off' });
    const deps = { db: testDb.db, mailer: createMailer({ db: testDb.db, logger: silentLogger, from: 'site@example.com' }), logger: silentLogger, publicUrl: 'https://site.example', siteName: () => 'Better Self' } as unknown as MembershipDeps;
    const id = await idOf('n_vic');
    await sendMembershipMail(deps, id, { kind: 'receipt', plan: 'pro-month', amountCents: 299, periodEnd: new Date('2027-01-15T12:00:00Z') });
    await sendMembershipMail(deps, id, { kind: 'payment-failed', plan: 'pro-month', message: 'Your card was declined.' });
    await sendMembershipMail(deps, id, { kind: 'cancellation', plan: 'pro-month', periodEnd: new Date('2027-01-15T12:00:00Z') });
    const items = (await inbox(vic)).items;
    expect(items.map((n) => [n.kind, n.url])).toEqual([['membership', '/profile#membership'], ['membership', '/profile#membership'], ['membership', '/profile#membership']]);
    expect(items.map((n) => n.text)).toEqual(['Your Pro membership will end on January 15, 2027', 'Your Pro payment did not go through: please check your card', 'Your Pro membership is paid until January 15, 2027']);
    // Three mails (the receipt and its kin), none more from the notifications.
    expect(await testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'n_vic@example.com'))).toHaveLength(3);
    expect((await testDb.db.select().from(notifications).where(eq(notifications.userId, id))).every((n) => n.emailState === null)).toBe(true);
  });

  it('go with a deleted account', async () => {
    const ned = await member('n_ned');
    const c = await comment(ned, FREE_ARTICLE, 'Leaving soon.');
    await comment(await member('n_ola'), FREE_ARTICLE, 'Bye!', c.id);
    const id = await idOf('n_ned');
    expect(await testDb.db.select().from(notifications).where(eq(notifications.userId, id))).toHaveLength(1);
    expect((await ned.delete('/api/profile', { currentPassword: 'pass-word-1' })).status).toBeLessThan(300);
    expect(await testDb.db.select().from(notifications).where(eq(notifications.userId, id))).toEqual([]);
  });
});
