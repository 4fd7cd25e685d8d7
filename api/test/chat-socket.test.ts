import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { applyMembershipTier } from '../src/domain/membership/apply-tier.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { chatClient } from './chat-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
let rooms: { id: number; name: string }[];
const room = (name: string) => rooms.find((r) => r.name === name)!.id;

async function member(username: string, tier: 'free' | 'pro' | 'vip' = 'free', admin = false) {
  await ensureAccount(testDb.db, { username, email: `${username}@example.com`, password: 'pass-word-1', tier, admin });
  const http = browserClient(app.base);
  if (admin) await signInStaff(http, username, 'pass-word-1');
  else expect((await http.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  const socket = await chatClient(app.wsUrl, http.cookies);
  const welcome = await socket.next('welcome');
  return { http, socket, id: (welcome.user as { id: number }).id };
}

async function joined(m: Awaited<ReturnType<typeof member>>, roomId: number, vocabulary: 'join' | 'join_room' = 'join') {
  m.socket.send({ type: vocabulary, roomId });
  await m.socket.next('joined', (x) => x.roomId === roomId);
  return m.socket.next('history', (x) => x.roomId === roomId);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET), databaseUrl: testDb.url, heartbeatMs: 300 });
  const admin = browserClient(app.base);
  await ensureAccount(testDb.db, { username: 'chat_lister', email: 'chat_lister@example.com', password: 'pass-word-1', tier: 'free', admin: true });
  await signInStaff(admin, 'chat_lister', 'pass-word-1');
  rooms = (await admin.get('/api/chat/rooms')).body;
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('the chat socket', () => {
  it('refuses a socket without a session with an error, then closes it', async () => {
    const anon = await chatClient(app.wsUrl, null);
    expect((await anon.next('error')).message).toBe('Please sign in to use chat.');
    expect((await anon.closed()).code).toBe(4401);
  });

  it('welcomes a member with the rooms and refuses an auth message naming someone else', async () => {
    const ann = await member('ws_ann');
    expect(((await ann.socket.next('rooms')).rooms as unknown[]).length).toBeGreaterThanOrEqual(3);
    ann.socket.send({ type: 'auth', userId: ann.id + 1000 });
    expect((await ann.socket.next('error')).message).toBe('You are signed in as someone else.');
    ann.socket.send({ type: 'auth', userId: ann.id });
    await ann.socket.next('welcome');
    ann.socket.close();
  });

  it('delivers a message to the members in the room, in both vocabularies, with its history', async () => {
    const [ann, bob, carl] = [await member('ws_ann2'), await member('ws_bob'), await member('ws_carl')];
    await joined(ann, room('General Chat'));
    await joined(bob, room('General Chat'), 'join_room');
    ann.socket.send({ type: 'message', roomId: room('General Chat'), content: '  Good morning, everyone!  ' });
    const got = await bob.socket.next('message');
    expect(got).toMatchObject({ roomId: room('General Chat'), message: { content: 'Good morning, everyone!', sender: { id: ann.id, displayName: 'ws_ann2' } } });
    expect((got.message as { sentAt: string }).sentAt).toMatch(/^\d{4}-/);
    await ann.socket.next('message');
    bob.socket.send({ type: 'chat_message', roomId: room('General Chat'), content: 'Morning!' });
    expect(((await ann.socket.next('message')).message as { content: string }).content).toBe('Morning!');

    // Carl is connected but has not joined: nothing reaches him; joining shows the history.
    await new Promise((r) => setTimeout(r, 200));
    expect(carl.socket.received.filter((m) => m.type === 'message')).toEqual([]);
    // Each once, on the sender's socket too (its instance delivers it at once and passes over the announcement).
    for (const s of [ann, bob]) expect(s.socket.received.filter((m) => m.type === 'message').map((m) => (m.message as { content: string }).content)).toEqual(['Good morning, everyone!', 'Morning!']);
    const history = await joined(carl, room('General Chat'));
    expect((history.messages as { content: string }[]).slice(-2).map((m) => m.content)).toEqual(['Good morning, everyone!', 'Morning!']);

    ann.socket.send({ type: 'message', roomId: room('General Chat'), content: '   ' });
    expect((await ann.socket.next('error')).message).toBe('Message cannot be empty');
    ann.socket.send({ type: 'message', roomId: room('General Chat'), content: 'x'.repeat(2001) });
    expect((await ann.socket.next('error')).message).toBe('Messages are at most 2000 characters');
    ann.socket.send({ type: 'message', roomId: room('Pro Lounge'), content: 'Hello?' });
    expect((await ann.socket.next('error')).message).toBe('Join the room before sending messages.');
    ann.socket.ws.send('not json');
    expect((await ann.socket.next('error')).message).toBe('Messages must be JSON.');
    ann.socket.send({ type: 'dance' });
    expect((await ann.socket.next('error')).message).toBe('Unknown message type.');
    for (const m of [ann, bob, carl]) m.socket.close();
  });

  it('joining makes a member of the room and reads it: its unread count starts again from there', async () => {
    const general = room('General Chat');
    const writer = await member('ws_unread_writer');
    const reader = await member('ws_unread_reader');
    await joined(writer, general);
    for (const content of ['one', 'two']) {
      writer.socket.send({ type: 'message', roomId: general, content });
      await writer.socket.next('message', (m) => (m.message as { content: string }).content === content);
    }
    const listed = async () => ((await reader.http.get('/api/chat/rooms')).body as { id: number; isMember: boolean; unread: number }[]).find((r) => r.id === general)!;
    expect(await listed()).toMatchObject({ isMember: false, unread: 0 });
    await joined(reader, general);
    expect(await listed()).toMatchObject({ isMember: true, unread: 0 });
    // Away from the room (the socket closed), a new message is unread; joining again reads it.
    reader.socket.close();
    const away = await chatClient(app.wsUrl, reader.http.cookies);
    await away.next('rooms');
    writer.socket.send({ type: 'message', roomId: general, content: 'three' });
    await writer.socket.next('message', (m) => (m.message as { content: string }).content === 'three');
    await vi.waitFor(async () => expect(await listed()).toMatchObject({ isMember: true, unread: 1 }));
    away.send({ type: 'join', roomId: general });
    await away.next('history');
    expect(await listed()).toMatchObject({ isMember: true, unread: 0 });
    away.close();
    writer.socket.close();
  });

  it('refuses rooms above the member’s tier and private rooms they do not belong to', async () => {
    const free = await member('ws_free');
    free.socket.send({ type: 'join', roomId: room('Pro Lounge') });
    expect((await free.socket.next('error')).message).toBe('This room is for Pro members. Upgrade your membership to join.');
    const pro = await member('ws_pro', 'pro');
    await joined(pro, room('Pro Lounge'));
    const priv = (await pro.http.post('/api/chat/rooms', { name: 'Secret Garden', description: 'Only for the invited few.', isPrivate: true })).body;
    const other = await member('ws_pro_other', 'vip');
    other.socket.send({ type: 'join', roomId: priv.id });
    expect((await other.socket.next('error')).message).toBe('This room is private. Only its members can join.');
    for (const m of [free, pro, other]) m.socket.close();
  });

  it('allows at most 20 messages in 30 seconds, then says when to try again', async () => {
    const fast = await member('ws_fast');
    await joined(fast, room('General Chat'));
    for (let i = 0; i < 21; i++) fast.socket.send({ type: 'message', roomId: room('General Chat'), content: `message ${i}` });
    const error = await fast.socket.next('error');
    expect(error.message).toMatch(/You are sending messages too quickly\. Please try again in \d+ seconds?\./);
    // The refusal of the 21st can overtake the echo of the 20 accepted, which are written first.
    const echoed = () => fast.socket.received.filter((m) => m.type === 'message').map((m) => (m.message as { content: string }).content);
    await vi.waitFor(() => expect(echoed()).toHaveLength(20), { timeout: 15_000 });
    expect(echoed()).not.toContain('message 20');
    fast.socket.close();
  });

  it('refuses a NUL in a message as HTTP does, before the message limit counts it', async () => {
    const nul = await member('ws_nul');
    await joined(nul, room('General Chat'));
    nul.socket.send({ type: 'message', roomId: room('General Chat'), content: 'hello\u0000world' });
    expect((await nul.socket.next('error')).message).toBe('The request contains a NUL character, which is not allowed.');
    // All 20 messages of the window are still there.
    for (let i = 0; i < 20; i++) nul.socket.send({ type: 'message', roomId: room('General Chat'), content: `clean ${i}` });
    await nul.socket.next('message', (m) => (m.message as { content: string }).content === 'clean 19');
    expect(nul.socket.received.filter((m) => m.type === 'error')).toHaveLength(1);
    nul.socket.close();
  });

  it('a member who loses Pro stops receiving the Pro Lounge', async () => {
    const [lapsed, friend] = [await member('ws_lapsed', 'pro'), await member('ws_pro_friend', 'pro')];
    for (const m of [lapsed, friend]) {
      await joined(m, room('Pro Lounge'));
      await joined(m, room('General Chat'));
    }
    // Their Pro was never paid for: the membership code takes it back, as when a subscription ends.
    expect(await applyMembershipTier(testDb.db, lapsed.id, new Date())).toBe('free');
    expect(await lapsed.socket.next('room_access_lost')).toMatchObject({ roomId: room('Pro Lounge'), message: 'You can no longer read this room. This room is for Pro members. Upgrade your membership to join.' });
    friend.socket.send({ type: 'message', roomId: room('Pro Lounge'), content: 'Pro members only from here' });
    friend.socket.send({ type: 'message', roomId: room('General Chat'), content: 'Everyone hears this' });
    await lapsed.socket.next('message', (m) => m.roomId === room('General Chat'));
    await friend.socket.next('message', (m) => m.roomId === room('Pro Lounge'));
    expect(lapsed.socket.received.filter((m) => m.type === 'message' && m.roomId === room('Pro Lounge'))).toEqual([]);
    lapsed.socket.send({ type: 'message', roomId: room('Pro Lounge'), content: 'Still here?' });
    expect((await lapsed.socket.next('error')).message).toBe('Join the room before sending messages.');
    for (const m of [lapsed, friend]) m.socket.close();
  });

  it('lets only admins speak in muted rooms; moderated rooms slow members down and hold links for review', async () => {
    const admin = await member('ws_admin', 'free', true);
    const [ann, bob] = [await member('ws_mod_ann'), await member('ws_mod_bob')];
    const general = room('General Chat');
    for (const m of [admin, ann, bob]) await joined(m, general);

    expect((await admin.http.post(`/api/admin/chat-rooms/${general}/moderate`, { isMuted: true, moderationNotes: 'Cooling off' })).body).toMatchObject({ isMuted: true, moderationNotes: 'Cooling off' });
    ann.socket.send({ type: 'message', roomId: general, content: 'Can I talk?' });
    expect((await ann.socket.next('error')).message).toBe('This room is muted. Only admins can post here for now.');
    admin.socket.send({ type: 'message', roomId: general, content: 'Back in five minutes.' });
    expect(((await ann.socket.next('message')).message as { content: string }).content).toBe('Back in five minutes.');

    await admin.http.post(`/api/admin/chat-rooms/${general}/moderate`, { isMuted: false, isModerated: true });
    ann.socket.send({ type: 'message', roomId: general, content: 'See https://spam.example/pills' });
    const held = await ann.socket.next('message', (m) => (m.message as { content: string }).content.includes('spam.example'));
    expect(held.message).toMatchObject({ pending: true });
    ann.socket.send({ type: 'message', roomId: general, content: 'And another thing' });
    expect((await ann.socket.next('error')).message).toMatch(/^Slow mode is on in this room\. Please try again in \d+ seconds?\.$/);
    await new Promise((r) => setTimeout(r, 300));
    expect(bob.socket.received.some((m) => m.type === 'message' && (m.message as { content: string }).content.includes('spam.example'))).toBe(false);

    const flagged = (await admin.http.get('/api/admin/chat-messages/flagged')).body;
    const entry = flagged.find((f: { message: string }) => f.message.includes('spam.example'));
    expect(entry).toMatchObject({ pendingReview: true, roomId: general, roomName: 'General Chat' });
    expect((await admin.http.post(`/api/admin/content/chat/${entry.id}/moderate`, { isHidden: false })).status).toBe(200);
    const approved = await bob.socket.next('message', (m) => (m.message as { content: string }).content.includes('spam.example'));
    expect(approved.message).not.toHaveProperty('pending');
    await admin.http.post(`/api/admin/chat-rooms/${general}/moderate`, { isModerated: false });
    for (const m of [admin, ann, bob]) m.socket.close();
  });

  it('lets admins archive a room: out of the list, read-only for its members, told at once, and reversible', async () => {
    const admin = await member('ws_archiver', 'vip', true);
    const ann = await member('ws_archive_ann');
    const newcomer = await member('ws_archive_new');
    const created = (await admin.http.post('/api/chat/rooms', { name: 'Old Book Club', description: 'Finished reading the last book of the year.' })).body;
    await joined(ann, created.id);
    ann.socket.send({ type: 'message', roomId: created.id, content: 'Last chapter was great' });
    await ann.socket.next('message', (m) => m.roomId === created.id);
    expect((await ann.http.post(`/api/admin/chat-rooms/${created.id}/archive`, { archived: true })).status).toBe(403);
    expect((await admin.http.post(`/api/admin/chat-rooms/${created.id}/archive`, { archived: 'yes' })).status).toBe(400);
    expect((await admin.http.post(`/api/admin/chat-rooms/${created.id}/archive`, { archived: true })).body).toMatchObject({ id: created.id, isArchived: true });
    expect(await ann.socket.next('room_updated', (m) => m.roomId === created.id)).toMatchObject({ isArchived: true });
    expect((await ann.http.get('/api/chat/rooms')).body.some((r: { id: number }) => r.id === created.id)).toBe(false);
    expect((await admin.http.get('/api/admin/chat-rooms')).body.find((r: { id: number }) => r.id === created.id)).toMatchObject({ isArchived: true, messageCount: 1 });
    ann.socket.send({ type: 'message', roomId: created.id, content: 'Anyone still here?' });
    expect((await ann.socket.next('error')).message).toContain('This room is archived');
    ann.socket.send({ type: 'leave_room', roomId: created.id });
    await ann.socket.next('left', (m) => m.roomId === created.id);
    expect(((await joined(ann, created.id)).messages as { content: string }[]).map((m) => m.content)).toEqual(['Last chapter was great']);
    newcomer.socket.send({ type: 'join', roomId: created.id });
    expect((await newcomer.socket.next('error')).message).toBe('This room is archived.');

    const messages = (await admin.http.get(`/api/admin/chat-rooms/${created.id}/messages`)).body;
    expect(messages).toEqual([expect.objectContaining({ message: 'Last chapter was great', displayName: 'ws_archive_ann', isHidden: false, pendingReview: false })]);
    expect((await ann.http.get(`/api/admin/chat-rooms/${created.id}/messages`)).status).toBe(403);
    expect((await admin.http.get('/api/admin/chat-rooms/999999/messages')).status).toBe(404);

    await admin.http.post(`/api/admin/chat-rooms/${created.id}/archive`, { archived: false });
    expect((await ann.http.get('/api/chat/rooms')).body.some((r: { id: number }) => r.id === created.id)).toBe(true);
    for (const m of [admin, ann, newcomer]) m.socket.close();
  });

  it('refuses the next frame of a socket whose session was signed out (its session read from the cache until then)', async () => {
    const ann = await member('ws_signed_out');
    await joined(ann, room('General Chat'));
    ann.socket.send({ type: 'message', roomId: room('General Chat'), content: 'Off for the day' });
    await ann.socket.next('message');
    expect((await ann.http.post('/api/logout', {})).status).toBe(200);
    // The sign-out reaches the hub's cache as the database announces it (on any instance): the next frames are refused.
    await vi.waitFor(() => {
      if (ann.socket.ws.readyState === ann.socket.ws.OPEN) ann.socket.send({ type: 'auth' });
      expect(ann.socket.received.some((m) => m.type === 'error' && m.message === 'Your session has ended. Please sign in again.')).toBe(true);
    }, { timeout: 5000, interval: 100 });
    expect((await ann.socket.closed()).code).toBe(4401);
  });

  it('closes a member’s sockets the moment an admin suspends them', async () => {
    const admin = await member('ws_admin2', 'free', true);
    const troll = await member('ws_troll');
    await joined(troll, room('General Chat'));
    expect((await admin.http.post(`/api/admin/users/${troll.id}/status`, { status: 'suspended', reason: 'harassment' })).status).toBe(200);
    expect((await troll.socket.next('error')).message).toBe('Your account can no longer use chat.');
    expect((await troll.socket.closed()).code).toBe(4403);
    admin.socket.close();
  });
});
