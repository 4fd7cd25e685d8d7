import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';

const t = appForThisFile();

/** A member made a moderator by an admin, through the API. */
async function moderator(username: string) {
  const admin = await t.member('roles_admin', 'free', true);
  const mod = await t.member(username);
  const [row] = await t.testDb.db.select().from(users).where(eq(users.username, username));
  const made = await admin.post(`/api/admin/users/${row!.id}/role`, { role: 'moderator' });
  expect(made).toMatchObject({ status: 200, body: { role: 'moderator', isAdmin: false } });
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
