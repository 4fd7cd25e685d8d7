import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DELETED_MEMBER_NAME } from '@app/shared/browser';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { aiTalks, mailOutbox, orders, savedVideos, sessions, subscriptions, throttleEvents, users } from '../src/db/schema/index.ts';
import { REMOVED_ADDRESS } from '../src/domain/profile/delete-account.ts';
import { createMailer } from '../src/integrations/mailer.ts';
import type { Mail } from '../src/domain/ports/mailer.ts';
import { createLocalMediaStore } from '../src/integrations/media/local-media-store.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { appForThisFile } from './file-app.ts';
import { picture, postAvatar } from './profile-helpers.ts';
import { mailsTo } from './sign-up.ts';
import { silentLogger, TEST_ORIGIN } from './test-app.ts';

const mediaDir = mkdtempSync(path.join(tmpdir(), 'deletion-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
/** Every mail handed over for delivery: a deleted member's mails leave the outbox, the goodbye included. */
const handedOver: Mail[] = [];
const t = appForThisFile({
  app: ({ databaseUrl }) => {
    const outbox = createMailer({ db: t.testDb.db, logger: silentLogger, from: 'test@example.com' });
    const mailer = {
      async send(mail: Mail) {
        handedOver.push(mail);
        await outbox.send(mail);
      },
    };
    return { databaseUrl, overrides: { accounts: { media: createLocalMediaStore({ dir: mediaDir, publicUrl: TEST_ORIGIN }) }, mail: { mailer } } };
  },
});
const card = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
const fileOf = (url: string) => path.join(mediaDir, new URL(url).pathname.replace(/^\/media\//, ''));

describe('deleting an account (DELETE /api/profile)', () => {
  it('needs the current password, then ends sessions and sockets, cancels Pro at the provider, removes personal data — assistant talks, mails in the outbox and throttle keys naming them included — and keeps others’ threads readable', async () => {
    // A paying member with a picture, a post, a comment, a chat message, a saved video and an order.
    const leaver = await t.member('leaver');
    const { clientSecret } = (await leaver.post('/api/subscription/create')).body;
    expect((await leaver.post('/api/subscription/demo/confirm', { clientSecret, ...card })).body).toEqual({ status: 'succeeded' });
    await leaver.put('/api/profile', { displayName: 'Leaving Lee', bio: 'Off to new things.', avatarUrl: '' });
    const avatarUrl = (await postAvatar(t.app.base, leaver.cookies, await picture(300, 300))).body.avatarUrl as string;
    const post = (await leaver.post('/api/bulletin', { title: 'Goodbye soon', content: 'Thanks for all the kind words here.', category: 'General' })).body;
    expect((await leaver.post('/api/articles/1/comments', { content: 'My last comment on this article.' })).status).toBe(201);
    await leaver.post('/api/favorites/1');
    const [leaverRow] = await t.testDb.db.select().from(users).where(eq(users.username, 'leaver'));
    const [order] = await t.testDb.db.insert(orders).values({ userId: leaverRow!.id, subtotal: 1000, discount: 0, shipping: 799, tax: 70, total: 1869, shippingAddress: 'Lee Leaver, 1 Main St, Springfield, IL 62701, US' }).returning();
    // A talk with the assistant, a reset mail and a failed sign-in: traces naming the member.
    expect((await leaver.post('/api/ai/talk', { text: 'How do I keep a morning routine?', presenter_id: 'local-maya' })).status).toBe(201);
    await browserClient(t.app.base).post('/api/request-password-reset', { email: 'leaver@example.com' });
    expect((await mailsTo(t.testDb.db, 'leaver@example.com', /^Reset your Better Self password$/)).length).toBe(1);
    expect((await browserClient(t.app.base).post('/api/login', { username: 'leaver', password: 'a-wrong-guess' })).status).toBe(401);
    const id = leaverRow!.id;
    // Keys that only look alike (another member's id, an address ending in the id, another username) stay.
    const lookAlikes = [`comment:${id}0`, `order:ip:2001:db8::${id}`, 'login:account-ip:leaver_two:203.0.113.9'];
    await t.testDb.db.insert(throttleEvents).values([`chat:${id}`, ...lookAlikes].map((key) => ({ key })));
    const talksOf = () => t.testDb.db.select().from(aiTalks).where(eq(aiTalks.ownerUserId, id));
    const outboxTo = () => t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'leaver@example.com'));
    const keysNaming = async () =>
      (await t.testDb.db.selectDistinct({ key: throttleEvents.key }).from(throttleEvents)).map((r) => r.key).filter((k) => k.endsWith(`:${id}`) || k.includes('leaver') || lookAlikes.includes(k)).sort();
    expect(await talksOf()).toHaveLength(1);
    expect((await outboxTo()).length).toBeGreaterThanOrEqual(2);
    expect(await keysNaming()).toEqual(expect.arrayContaining([`ai:member:${id}`, `chat:${id}`, `comment:${id}`, 'reset:leaver@example.com', expect.stringMatching(/^login:account-ip:leaver:/), ...lookAlikes]));

    const rooms = (await leaver.get('/api/chat/rooms')).body as { id: number; name: string }[];
    const general = rooms.find((r) => r.name === 'General Chat')!.id;
    const socket = await chatClient(t.app.wsUrl, leaver.cookies);
    await socket.next('welcome');
    socket.send({ type: 'join', roomId: general });
    await socket.next('joined');
    socket.send({ type: 'message', roomId: general, content: 'See you all around!' });
    await socket.next('message');
    const otherDevice = browserClient(t.app.base);
    await otherDevice.post('/api/login', { username: 'leaver', password: 'pass-word-1' });

    const stayer = await t.member('stayer', 'pro');
    expect((await stayer.post('/api/articles/1/comments', { content: 'A reply that stays where it is.' })).status).toBe(201);

    // The wrong password changes nothing.
    expect((await leaver.delete('/api/profile', { currentPassword: 'not-my-password' })).status).toBe(403);
    expect((await otherDevice.get('/api/user')).status).toBe(200);

    const deleted = await leaver.delete('/api/profile', { currentPassword: 'pass-word-1' });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().some((c) => /max-age=0/i.test(c))).toBe(true);
    // The goodbye went out before the address was forgotten; then every trace naming the member went.
    expect(handedOver.filter((m) => m.to === 'leaver@example.com' && m.subject === 'Your Better Self account was deleted')).toHaveLength(1);
    expect(await talksOf()).toEqual([]);
    expect(await outboxTo()).toEqual([]);
    expect(await keysNaming()).toEqual([...lookAlikes].sort());
    expect((await socket.closed()).code).toBe(4403);
    expect((await otherDevice.get('/api/user')).status).toBe(401);
    expect((await leaver.get('/api/user')).status).toBe(401);
    expect((await browserClient(t.app.base).post('/api/login', { username: 'leaver', password: 'pass-word-1' })).status).toBe(401);
    expect((await browserClient(t.app.base).post('/api/login', { username: 'leaver@example.com', password: 'pass-word-1' })).status).toBe(401);

    const [sub] = await t.testDb.db.select().from(subscriptions).where(eq(subscriptions.userId, leaverRow!.id));
    expect(sub!.cancelAtPeriodEnd).toBe(true);
    const [row] = await t.testDb.db.select().from(users).where(eq(users.id, leaverRow!.id));
    expect(row).toMatchObject({ email: '', emailConfirmedAt: null, displayName: null, bio: null, avatarUrl: null, avatarThumbUrl: null, avatarKey: null, username: 'leaver' });
    expect(row!.deletedAt).not.toBeNull();
    expect(existsSync(fileOf(avatarUrl))).toBe(false);
    expect(await t.testDb.db.select().from(sessions).where(eq(sessions.userId, leaverRow!.id))).toEqual([]);
    expect(await t.testDb.db.select().from(savedVideos).where(eq(savedVideos.userId, leaverRow!.id))).toEqual([]);
    const [kept] = await t.testDb.db.select().from(orders).where(eq(orders.id, order!.id));
    expect([kept!.total, kept!.shippingAddress]).toEqual([1869, REMOVED_ADDRESS]);

    // Others' threads keep the words, from "Deleted member".
    const visitor = browserClient(t.app.base);
    const shownPost = ((await visitor.get('/api/bulletin')).body as { id: number; author: object; content: string }[]).find((p) => p.id === post.id)!;
    expect(shownPost).toMatchObject({ content: 'Thanks for all the kind words here.', author: { displayName: DELETED_MEMBER_NAME, avatarUrl: null, badge: null } });
    const thread = (await visitor.get('/api/articles/1/comments')).body as { content: string; user: { displayName: string; username: string } }[];
    expect(thread.map((c) => [c.content, c.user.displayName])).toEqual(expect.arrayContaining([['My last comment on this article.', DELETED_MEMBER_NAME], ['A reply that stays where it is.', 'stayer']]));
    expect(thread.find((c) => c.user.displayName === DELETED_MEMBER_NAME)!.user.username).toBe('');
    const reader = await chatClient(t.app.wsUrl, stayer.cookies);
    await reader.next('welcome');
    reader.send({ type: 'join', roomId: general });
    const history = (await reader.next('history')).messages as { content: string; sender: { displayName: string } }[];
    expect(history.find((m) => m.content === 'See you all around!')!.sender.displayName).toBe(DELETED_MEMBER_NAME);
    reader.close();
  });

  it('takes back the link mail of an e-mail change still pending (issue 47 #6)', async () => {
    const mover = await t.member('mover');
    expect((await mover.post('/api/profile/email', { newEmail: 'mover-new@example.com', currentPassword: 'pass-word-1' })).status).toBe(200);
    expect((await mailsTo(t.testDb.db, 'mover-new@example.com', /./)).length).toBe(1);
    // (The old address is told too, after the link: both have gone out before the account goes.)
    expect((await mailsTo(t.testDb.db, 'mover@example.com', /./)).length).toBe(1);
    expect((await mover.delete('/api/profile', { currentPassword: 'pass-word-1' })).status).toBe(200);
    expect(await t.testDb.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'mover-new@example.com'))).toEqual([]);
  });

  it('holds the username for 30 days, then lets someone new take it', async () => {
    const gone = await t.member('held_name');
    expect((await gone.delete('/api/profile', { currentPassword: 'pass-word-1' })).status).toBe(200);
    const signUp = () => browserClient(t.app.base).post('/api/register', { username: 'Held_Name', email: 'newcomer@example.com', password: 'secret-pass' });
    const early = await signUp();
    expect([early.status, early.body.message]).toEqual([409, 'Username already exists']);
    await t.testDb.db.update(users).set({ deletedAt: sql`now() - interval '29 days'` }).where(eq(users.username, 'held_name'));
    expect((await signUp()).status).toBe(409);
    await t.testDb.db.update(users).set({ deletedAt: sql`now() - interval '31 days'` }).where(eq(users.username, 'held_name'));
    const later = await signUp();
    expect(later.status).toBe(201);
    expect(later.body.username).toBe('Held_Name');
    const tombstones = await t.testDb.db.select({ username: users.username }).from(users).where(sql`${users.deletedAt} is not null and ${users.username} like '~deleted-%'`);
    expect(tombstones).toHaveLength(1);
  });
});
