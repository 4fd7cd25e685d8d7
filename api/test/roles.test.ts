import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, chatMessages, chatRoomMembers, users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';
import { enrolStaffFactor } from './second-factor-helpers.ts';

const t = appForThisFile();

/** A member made a moderator by an admin, through the API, who then sets up their second factor. */
async function moderator(username: string) {
  const admin = await t.member('roles_admin', 'free', true);
  const mod = await t.member(username);
  const [row] = await t.testDb.db.select().from(users).where(eq(users.username, username));
  const made = await admin.post(`/api/admin/users/${row!.id}/role`, { role: 'moderator' });
  expect(made).toMatchObject({ status: 200, body: { role: 'moderator', isAdmin: false } });
  // Staff powers wait for a second factor (issue 52): the new moderator sets one up.
  await enrolStaffFactor(mod, username);
  return { mod, id: row!.id };
}

// Every `administer` power: a moderator gets 403 on each (DESIGN §7.16).
const ADMINISTER: [string, string, unknown?][] = [
  ['GET', '/api/admin/users'],
  ['POST', '/api/admin/users/1/status', { status: 'suspended', reason: 'spam' }],
  ['POST', '/api/admin/users/1/vip', { vip: true }],
  ['POST', '/api/admin/users/1/role', { role: 'admin' }],
  ['GET', '/api/admin/membership'],
  ['GET', '/api/admin/orders'],
  ['POST', '/api/admin/orders/1/status', { status: 'shipped' }],
  ['POST', '/api/youtube/sync'],
  ['GET', '/api/admin/youtube'],
  ['GET', '/api/admin/youtube/syncs'],
  ['DELETE', '/api/admin/articles/1'],
];

describe('the moderator role', () => {
  it('lets a moderator hide a reported post and mute a room, and refuses every admin power with 403', async () => {
    const { mod } = await moderator('roles_mod');
    const author = await t.member('roles_author');
    const post = (await author.post('/api/bulletin', { title: 'Buy my course', content: 'Limited offer, only today, click here.', category: 'General' })).body;
    const reporter = await t.member('roles_reporter');
    expect((await reporter.post('/api/reports', { type: 'bulletin', contentId: post.id, reason: 'spam' })).status).toBe(201);

    const queue = await mod.get('/api/admin/reports');
    expect(queue.status).toBe(200);
    expect(queue.body.some((r: { contentId: number }) => r.contentId === post.id)).toBe(true);
    expect((await mod.post(`/api/admin/content/bulletin/${post.id}/moderate`, { isHidden: true, reason: 'spam' })).body).toMatchObject({ isHidden: true });
    const rooms = (await mod.get('/api/admin/chat-rooms')).body as { id: number; name: string }[];
    const general = rooms.find((r) => r.name === 'General Chat')!;
    expect((await mod.post(`/api/admin/chat-rooms/${general.id}/moderate`, { isMuted: true })).status).toBe(200);
    expect((await mod.post(`/api/admin/chat-rooms/${general.id}/moderate`, { isMuted: false })).status).toBe(200);

    for (const [method, path, body] of ADMINISTER) {
      const res = method === 'GET' ? await mod.get(path) : method === 'DELETE' ? await mod.delete(path) : await mod.post(path, body);
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      expect(res.body.message).toBe('Admin access required.');
    }
  });

  it('puts a Moderator badge on their comments and posts, and an Admin badge on admins’', async () => {
    const { mod } = await moderator('roles_badge_mod');
    await t.testDb.db.update(users).set({ membershipTier: 'pro' }).where(eq(users.username, 'roles_badge_mod'));
    const comment = await mod.post('/api/articles/1/comments', { content: 'Please keep it kind, everyone.' });
    expect(comment.body.user).toMatchObject({ badge: 'Moderator', isAdmin: false });
    const admin = await t.member('roles_admin', 'free', true);
    const post = await admin.post('/api/bulletin', { title: 'House rules', content: 'Be kind and stay on topic, please.', category: 'Announcement' });
    expect(post.body.author.badge).toBe('Admin');
    const member = await t.member('roles_plain');
    const own = await member.post('/api/bulletin', { title: 'Hello there', content: 'Glad to be part of this community.', category: 'General' });
    expect(own.body.author.badge).toBeNull();
  });

  it('is given and taken back by admins only, audit-logged, and no admin changes their own role', async () => {
    const { mod, id } = await moderator('roles_target');
    const admin = await t.member('roles_admin', 'free', true);
    const [me] = await t.testDb.db.select().from(users).where(eq(users.username, 'roles_admin'));
    const self = await admin.post(`/api/admin/users/${me!.id}/role`, { role: 'member' });
    expect(self).toMatchObject({ status: 400, body: { message: 'You cannot change your own role.' } });
    expect((await admin.post(`/api/admin/users/${id}/role`, { role: 'owner' })).status).toBe(400);
    expect((await admin.post(`/api/admin/users/${id}/role`, { role: 'member' })).body.role).toBe('member');
    expect((await mod.get('/api/admin/reports')).status).toBe(403);
    const log = await t.testDb.db.select().from(auditLog).where(eq(auditLog.targetUserId, id));
    expect(log.map((l) => [l.action, l.details])).toEqual([
      ['user.role_changed', { from: 'member', to: 'moderator' }],
      ['user.role_changed', { from: 'moderator', to: 'member' }],
    ]);
  });
});

describe('what a moderator may read and act on (issue 34)', () => {
  const userId = async (username: string) => (await t.testDb.db.select().from(users).where(eq(users.username, username)))[0]!.id;
  /** A room made by a Pro member, with one reported message in it. */
  async function roomWithReportedMessage(owner: string, room: { name: string; membershipRequired?: 'free' | 'pro'; isPrivate?: boolean }) {
    const creator = await t.member(owner, 'pro');
    const made = await creator.post('/api/chat/rooms', { description: 'A room for the few who were asked.', ...room });
    expect(made.status).toBe(201);
    const [message] = await t.testDb.db.insert(chatMessages).values({ roomId: made.body.id, userId: await userId(owner), content: `Said in ${room.name}` }).returning();
    const reporter = await t.member(`${owner}_friend`, 'pro');
    await t.testDb.db.insert(chatRoomMembers).values({ roomId: made.body.id, userId: await userId(`${owner}_friend`) });
    expect((await reporter.post('/api/reports', { type: 'chat', contentId: message!.id, reason: 'spam' })).status).toBe(201);
    return { roomId: made.body.id as number, messageId: message!.id };
  }

  it('refuses a moderator the messages, moderation and queue entries of a private room they are not in and of a room above their tier; admins read all', async () => {
    const { mod } = await moderator('read_mod');
    const admin = await t.member('roles_admin', 'free', true);
    const hidden = await roomWithReportedMessage('read_owner', { name: 'Secret Garden', isPrivate: true });
    const upper = await roomWithReportedMessage('read_pro', { name: 'Pro Corner', membershipRequired: 'pro' });

    for (const { roomId } of [hidden, upper]) {
      expect((await mod.get(`/api/admin/chat-rooms/${roomId}/messages`)).status).toBe(403);
      expect((await mod.post(`/api/admin/chat-rooms/${roomId}/moderate`, { isModerated: true })).status).toBe(403);
      expect((await mod.post(`/api/admin/chat-rooms/${roomId}/archive`, { archived: true })).status).toBe(403);
      const messages = await admin.get(`/api/admin/chat-rooms/${roomId}/messages`);
      expect(messages.status).toBe(200);
      expect(messages.body).toHaveLength(1);
    }
    expect(await mod.get('/api/admin/chat-rooms/999999/messages')).toMatchObject({ status: 404 });
    expect((await mod.post(`/api/admin/content/chat/${hidden.messageId}/moderate`, { isHidden: true, reason: 'spam' })).status).toBe(403);

    // No list shows the moderator what they cannot read; the admin's lists show it all.
    const ids = (body: { id: number }[]) => body.map((r) => r.id);
    const modRooms = ids((await mod.get('/api/admin/chat-rooms')).body);
    const adminRooms = ids((await admin.get('/api/admin/chat-rooms')).body);
    expect(modRooms).not.toContain(hidden.roomId);
    expect(modRooms).not.toContain(upper.roomId);
    expect(adminRooms).toEqual(expect.arrayContaining([hidden.roomId, upper.roomId]));
    expect(modRooms.length).toBeGreaterThan(0);
    expect(ids((await mod.get('/api/chat/rooms')).body)).not.toContain(hidden.roomId);
    const flagged = (who: typeof mod) => who.get('/api/admin/chat-messages/flagged').then((r) => ids(r.body));
    expect(await flagged(mod)).not.toContain(hidden.messageId);
    expect(await flagged(mod)).not.toContain(upper.messageId);
    expect(await flagged(admin)).toEqual(expect.arrayContaining([hidden.messageId, upper.messageId]));
    const queued = (who: typeof mod) => who.get('/api/admin/reports').then((r) => r.body.map((q: { contentId: number; type: string }) => `${q.type}:${q.contentId}`));
    expect(await queued(mod)).not.toContain(`chat:${hidden.messageId}`);
    expect(await queued(mod)).not.toContain(`chat:${upper.messageId}`);
    expect(await queued(admin)).toEqual(expect.arrayContaining([`chat:${hidden.messageId}`, `chat:${upper.messageId}`]));

    // Once the moderator belongs to the private room, it is theirs to read and moderate.
    await t.testDb.db.insert(chatRoomMembers).values({ roomId: hidden.roomId, userId: await userId('read_mod') });
    expect((await mod.get(`/api/admin/chat-rooms/${hidden.roomId}/messages`)).status).toBe(200);
    expect(ids((await mod.get('/api/admin/chat-rooms')).body)).toContain(hidden.roomId);
    expect((await mod.post(`/api/admin/content/chat/${hidden.messageId}/moderate`, { isHidden: true, reason: 'spam' })).status).toBe(200);
  });

  it('leaves staff’s posts and comments to admins: a moderator cannot hide, restore or delete them', async () => {
    const { mod } = await moderator('staff_mod');
    const { mod: otherMod } = await moderator('staff_other_mod');
    const admin = await t.member('roles_admin', 'free', true);
    const byAdmin = (await admin.post('/api/bulletin', { title: 'House rules', content: 'Be kind and stay on topic, please.', category: 'Announcement' })).body;
    const byMod = (await otherMod.post('/api/bulletin', { title: 'Welcome all', content: 'I moderate here; say hello any time.', category: 'General' })).body;
    const comment = (await admin.post('/api/articles/1/comments', { content: 'Thanks for reading, everyone.' })).body;

    for (const post of [byAdmin, byMod]) {
      expect(await mod.post(`/api/admin/content/bulletin/${post.id}/moderate`, { isHidden: true, reason: 'spam' })).toMatchObject({ status: 403, body: { message: 'Only an admin can moderate what staff wrote.' } });
      expect(await mod.delete(`/api/bulletin/${post.id}`)).toMatchObject({ status: 403, body: { message: 'Only an admin can moderate what staff wrote.' } });
    }
    expect((await mod.post(`/api/articles/comments/${comment.id}/hide`, { reason: 'spam' })).status).toBe(403);
    // Admins may; the restore is theirs too.
    expect((await admin.post(`/api/admin/content/bulletin/${byMod.id}/moderate`, { isHidden: true, reason: 'spam' })).status).toBe(200);
    expect((await mod.post(`/api/admin/content/bulletin/${byMod.id}/moderate`, { isHidden: false })).status).toBe(403);
    expect((await admin.delete(`/api/bulletin/${byMod.id}`)).status).toBe(204);
    // A moderator still takes back their own words, and acts on members’.
    expect((await otherMod.delete(`/api/bulletin/${(await otherMod.post('/api/bulletin', { title: 'Oops, typo', content: 'Posted this one by mistake, sorry.', category: 'General' })).body.id}`)).status).toBe(204);
    const member = await t.member('staff_plain');
    const own = (await member.post('/api/bulletin', { title: 'Hello there', content: 'Glad to be part of this community.', category: 'General' })).body;
    expect((await mod.delete(`/api/bulletin/${own.id}`)).status).toBe(204);
  });

  it('lets a moderator stop counting a member’s reports, but leaves staff reporters to admins', async () => {
    const { mod } = await moderator('ignore_mod');
    const { id: otherModId } = await moderator('ignore_other_mod');
    await t.member('roles_admin', 'free', true);
    const adminId = await userId('roles_admin');
    await t.member('ignore_member');
    const memberId = await userId('ignore_member');
    for (const id of [adminId, otherModId]) {
      expect(await mod.post(`/api/admin/reporters/${id}/ignore`, { ignored: true })).toMatchObject({ status: 403, body: { message: 'Only an admin can stop counting reports from staff.' } });
      const [row] = await t.testDb.db.select().from(users).where(eq(users.id, id));
      expect(row!.reportsIgnoredAt).toBeNull();
    }
    expect((await mod.post(`/api/admin/reporters/${memberId}/ignore`, { ignored: true })).body).toEqual({ userId: memberId, reportsIgnored: true });
    const admin = await t.member('roles_admin', 'free', true);
    expect((await admin.post(`/api/admin/reporters/${otherModId}/ignore`, { ignored: true })).body).toEqual({ userId: otherModId, reportsIgnored: true });
  });
});
