import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';

const t = appForThisFile();
const member = t.member;

/** A member whose reports count (DESIGN §7.15): two days old, a confirmed address, reporting from `ip`. */
async function trustedReporter(username: string, ip: string) {
  const client = await member(username);
  await t.testDb.db.update(users).set({ createdAt: sql`now() - interval '2 days'`, emailConfirmedAt: sql`now()` }).where(eq(users.username, username));
  return { report: (body: unknown) => client.post('/api/reports', body, { 'x-forwarded-for': ip }), client };
}
const post = { title: 'Morning pages', content: 'Three pages every morning changed my focus.', category: 'Discussion' };


describe('the bulletin board', () => {
  it('lets anyone read, members post with the spec’s rules, and authors or admins delete', async () => {
    const visitor = browserClient(t.app.base);
    expect((await visitor.post('/api/bulletin', post)).status).toBe(401);
    const ann = await member('bulletin_ann');
    const bad = await ann.post('/api/bulletin', { title: 'Hi', content: 'short', category: 'Gossip' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Title must be at least 3 characters|Content must be at least 10 characters|Please select a category/);
    expect((await ann.post('/api/bulletin', { ...post, category: '' })).body.message).toContain('Please select a category');
    const created = await ann.post('/api/bulletin', { ...post, title: '  <b>Morning pages</b>  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ title: '<b>Morning pages</b>', category: 'Discussion', author: { displayName: 'bulletin_ann' } });

    const list = await visitor.get('/api/bulletin');
    expect(list.body[0]).toMatchObject({ id: created.body.id, title: '<b>Morning pages</b>', content: post.content, userId: created.body.userId });
    expect(list.body[0].postedAt).toMatch(/^\d{4}-/);

    const bob = await member('bulletin_bob');
    expect((await bob.delete(`/api/bulletin/${created.body.id}`)).status).toBe(403);
    expect((await ann.delete(`/api/bulletin/${created.body.id}`)).status).toBe(204);
    const again = await ann.post('/api/bulletin', post);
    const admin = await member('bulletin_admin', 'free', true);
    expect((await admin.delete(`/api/bulletin/${again.body.id}`)).status).toBe(204);
    expect((await visitor.get('/api/bulletin')).body.some((p: { id: number }) => p.id === again.body.id)).toBe(false);
  });

  it('limits posting per member', async () => {
    const eager = await member('bulletin_eager');
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await eager.post('/api/bulletin', { ...post, title: `Post number ${i}` })).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

describe('chat rooms over HTTP', () => {
  it('lists rooms for members only and lets Pro and VIP members create them', async () => {
    expect((await browserClient(t.app.base).get('/api/chat/rooms')).status).toBe(401);
    const free = await member('rooms_free');
    const rooms = await free.get('/api/chat/rooms');
    expect(rooms.body.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['General Chat', 'Pro Lounge', 'VIP Circle']));
    expect(rooms.body[0]).toMatchObject({ membershipRequired: 'free', isPrivate: false, memberCount: expect.any(Number) });

    const refused = await free.post('/api/chat/rooms', { name: 'Runners', description: 'Morning runners unite here.' });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Pro or VIP membership required' } });

    const pro = await member('rooms_pro', 'pro');
    expect((await pro.post('/api/chat/rooms', { name: 'Ru', description: 'short' })).status).toBe(400);
    const created = await pro.post('/api/chat/rooms', { name: 'Quiet Readers', description: 'A private corner for slow reading.', membershipRequired: 'pro', isPrivate: true });
    expect(created).toMatchObject({ status: 201, body: { name: 'Quiet Readers', membershipRequired: 'pro', isPrivate: true, memberCount: 1, isMember: true } });
    expect((await pro.get('/api/chat/rooms')).body.some((r: { id: number }) => r.id === created.body.id)).toBe(true);
    const otherPro = await member('rooms_pro2', 'pro');
    expect((await otherPro.get('/api/chat/rooms')).body.some((r: { id: number }) => r.id === created.body.id)).toBe(false);
    const admin = await member('rooms_admin', 'free', true);
    expect((await admin.get('/api/chat/rooms')).body.some((r: { id: number }) => r.id === created.body.id)).toBe(true);
  });
});

describe('reports and the review queue', () => {
  it('takes one open report per member, hides content after 3 reporters, and lets admins dismiss, hide and restore', async () => {
    const author = await member('rep_author');
    const longText = 'This post goes on and on about a miracle supplement that cures everything, buy now!';
    const created = (await author.post('/api/bulletin', { title: 'Amazing offer', content: longText, category: 'General' })).body;
    const report = { type: 'bulletin', contentId: created.id, reason: 'spam' };
    expect((await author.post('/api/reports', report)).status).toBe(400);
    expect((await browserClient(t.app.base).post('/api/reports', report)).status).toBe(401);
    const [r1, r2, r3] = [await trustedReporter('rep_1', '198.51.100.1'), await trustedReporter('rep_2', '198.51.100.2'), await trustedReporter('rep_3', '198.51.100.3')];
    expect((await r1.report({ ...report, reason: 'nonsense' })).status).toBe(400);
    expect((await r1.report({ ...report, notes: 'Selling pills' })).status).toBe(201);
    expect((await r1.report(report)).status).toBe(409);
    expect((await r2.report(report)).body.hidden).toBe(false);
    expect((await r3.report(report)).body.hidden).toBe(true);

    const visitorList = (await browserClient(t.app.base).get('/api/bulletin')).body;
    expect(visitorList.some((p: { id: number }) => p.id === created.id)).toBe(false);
    const authorList = (await author.get('/api/bulletin')).body;
    expect(authorList.find((p: { id: number }) => p.id === created.id)).toMatchObject({ isHidden: true, hiddenReason: 'spam' });

    expect((await r1.client.get('/api/admin/reports')).status).toBe(403);
    const admin = await member('rep_admin', 'free', true);
    const queue = (await admin.get('/api/admin/reports')).body.filter((r: { contentId: number }) => r.contentId === created.id);
    expect(queue).toHaveLength(3);
    expect(queue[0]).toMatchObject({ type: 'bulletin', reason: 'spam', status: 'pending', isHidden: true, reporterName: expect.any(String) });
    expect(queue[0].content).toBe(`${`Amazing offer: ${longText}`.slice(0, 60)}...`);

    expect((await admin.post(`/api/admin/reports/${queue[0].id}/dismiss`)).body.status).toBe('dismissed');
    expect((await admin.post(`/api/admin/content/bulletin/${created.id}/moderate`, { isHidden: false })).body).toMatchObject({ isHidden: false });
    expect((await browserClient(t.app.base).get('/api/bulletin')).body.some((p: { id: number }) => p.id === created.id)).toBe(true);
    const after = (await admin.get('/api/admin/reports')).body.filter((r: { contentId: number }) => r.contentId === created.id);
    expect(after.map((r: { status: string }) => r.status).sort()).toEqual(['dismissed', 'reviewed', 'reviewed']);

    expect((await admin.post(`/api/admin/content/bulletin/${created.id}/moderate`, { isHidden: true, reason: 'spam', notes: 'Advertising' })).status).toBe(200);
    const adminPosts = (await admin.get('/api/admin/bulletin-posts')).body;
    expect(adminPosts.find((p: { id: number }) => p.id === created.id)).toMatchObject({ isHidden: true, hiddenReason: 'spam', moderationNotes: 'Advertising' });
    expect((await admin.post('/api/admin/content/video/1/moderate', { isHidden: true })).status).toBe(404);
  });

  it('reports article comments into the same queue', async () => {
    const pro = await member('rep_commenter', 'pro');
    const comment = await pro.post('/api/articles/1/comments', { content: 'Rude words here' });
    expect(comment.status).toBe(201);
    const reporter = await member('rep_reader');
    expect((await reporter.post('/api/reports', { type: 'comment', contentId: comment.body.id, reason: 'harassment' })).status).toBe(201);
    const admin = await member('rep_admin2', 'free', true);
    const queue = (await admin.get('/api/admin/reports')).body;
    expect(queue.find((r: { type: string; contentId: number }) => r.type === 'comment' && r.contentId === comment.body.id)).toMatchObject({ content: 'Rude words here', reason: 'harassment', link: expect.stringContaining('/articles/1#comment-') });
    expect((await admin.post(`/api/admin/content/comment/${comment.body.id}/moderate`, { isHidden: true, reason: 'harassment' })).status).toBe(200);
  });

  it('three new accounts cannot hide a post', async () => {
    const author = await member('abuse_target');
    const post = (await author.post('/api/bulletin', { title: 'My honest review', content: 'I did not like the course and here is why.', category: 'Discussion' })).body;
    for (const [i, name] of ['throwaway_1', 'throwaway_2', 'throwaway_3'].entries()) {
      const fresh = await member(name);
      const res = await fresh.post('/api/reports', { type: 'bulletin', contentId: post.id, reason: 'spam' }, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(res.body).toMatchObject({ status: 'pending', hidden: false });
    }
    expect((await browserClient(t.app.base).get('/api/bulletin')).body.some((p: { id: number }) => p.id === post.id)).toBe(true);
  });

  it('counts trusted reporters behind one address once', async () => {
    const author = await member('one_address_target');
    const post = (await author.post('/api/bulletin', { title: 'Weekly recap', content: 'What I learned from a week of journaling.', category: 'General' })).body;
    for (const name of ['same_ip_1', 'same_ip_2', 'same_ip_3']) {
      const r = await trustedReporter(name, '192.0.2.77');
      expect((await r.report({ type: 'bulletin', contentId: post.id, reason: 'spam' })).body.hidden).toBe(false);
    }
  });

  it('never hides staff content automatically: it goes to the queue, and staff can restore what was hidden', async () => {
    const admin = await member('staff_author', 'free', true);
    const post = (await admin.post('/api/bulletin', { title: 'Community rules', content: 'Please be kind and keep it on topic.', category: 'Announcement' })).body;
    for (const [i, name] of ['staff_rep_1', 'staff_rep_2', 'staff_rep_3'].entries()) {
      const r = await trustedReporter(name, `198.51.100.${50 + i}`);
      expect((await r.report({ type: 'bulletin', contentId: post.id, reason: 'harassment' })).body.hidden).toBe(false);
    }
    expect((await browserClient(t.app.base).get('/api/bulletin')).body.some((p: { id: number }) => p.id === post.id)).toBe(true);
    expect((await admin.get('/api/admin/reports')).body.filter((r: { contentId: number; type: string }) => r.type === 'bulletin' && r.contentId === post.id)).toHaveLength(3);
  });

  it('stops counting the reports of a member staff marked as abusing them', async () => {
    const author = await member('ignored_target');
    const post = (await author.post('/api/bulletin', { title: 'Progress photo', content: 'Thirty days of running, here is my log.', category: 'General' })).body;
    const admin = await member('ignore_admin', 'free', true);
    const abuser = await trustedReporter('serial_reporter', '198.51.100.90');
    const [abuserRow] = await t.testDb.db.select().from(users).where(eq(users.username, 'serial_reporter'));
    expect((await abuser.client.post(`/api/admin/reporters/${abuserRow!.id}/ignore`, { ignored: true })).status).toBe(403);
    expect((await admin.post(`/api/admin/reporters/${abuserRow!.id}/ignore`, { ignored: true })).body).toEqual({ userId: abuserRow!.id, reportsIgnored: true });
    expect((await abuser.report({ type: 'bulletin', contentId: post.id, reason: 'spam' })).status).toBe(201);
    for (const [i, name] of ['honest_1', 'honest_2'].entries()) {
      const r = await trustedReporter(name, `198.51.100.${91 + i}`);
      expect((await r.report({ type: 'bulletin', contentId: post.id, reason: 'spam' })).body.hidden).toBe(false);
    }
    const queue = (await admin.get('/api/admin/reports')).body.filter((r: { contentId: number; type: string }) => r.type === 'bulletin' && r.contentId === post.id);
    expect(queue.find((r: { reporterId: number }) => r.reporterId === abuserRow!.id)).toMatchObject({ reporterIgnored: true, typeLabel: 'Bulletin Post' });
  });

  it('closes a comment’s open reports when it is hidden through either call', async () => {
    const pro = await member('hide_paths_author', 'pro');
    const reporter = await member('hide_paths_reporter');
    const admin = await member('hide_paths_admin', 'free', true);
    const statusesAfter = async (hide: (commentId: number) => Promise<{ status: number }>) => {
      const comment = (await pro.post('/api/articles/1/comments', { content: 'Something rude was said here' })).body;
      expect((await reporter.post('/api/reports', { type: 'comment', contentId: comment.id, reason: 'harassment' })).status).toBe(201);
      expect((await hide(comment.id)).status).toBe(200);
      return (await admin.get('/api/admin/reports')).body.filter((r: { type: string; contentId: number }) => r.type === 'comment' && r.contentId === comment.id).map((r: { status: string }) => r.status);
    };
    expect(await statusesAfter((id) => admin.post(`/api/articles/comments/${id}/hide`, { reason: 'harassment' }))).toEqual(['reviewed']);
    expect(await statusesAfter((id) => admin.post(`/api/admin/content/article/${id}/moderate`, { isHidden: true, reason: 'harassment' }))).toEqual(['reviewed']);
  });
});

describe('room moderation input', () => {
  it('answers 400 with a message, not 500, to a moderate call that changes nothing', async () => {
    const admin = await member('room_input_admin', 'free', true);
    const rooms = (await admin.get('/api/admin/chat-rooms')).body as { id: number }[];
    const res = await admin.post(`/api/admin/chat-rooms/${rooms[0]!.id}/moderate`, {});
    expect(res).toMatchObject({ status: 400, body: { message: 'Nothing to change: send isModerated, isMuted or moderationNotes.' } });
  });
});

describe('the header search', () => {
  it('finds bulletin posts anyone may read, in their own group, and never hidden ones', async () => {
    const author = await member('search_author');
    const seen = (await author.post('/api/bulletin', { title: 'Cold showers every morning', content: 'Three weeks of cold showers and how my mornings changed.', category: 'Discussion' })).body;
    const hidden = (await author.post('/api/bulletin', { title: 'Cold showers are a scam', content: 'Buy my course instead of taking cold showers today.', category: 'General' })).body;
    const admin = await member('search_admin', 'free', true);
    await admin.post(`/api/admin/content/bulletin/${hidden.id}/moderate`, { isHidden: true, reason: 'spam' });
    const res = await browserClient(t.app.base).get('/api/search?q=cold%20showers');
    expect(res.status).toBe(200);
    expect(res.body.bulletin.map((p: { id: number }) => p.id)).toEqual([seen.id]);
    expect(res.body.bulletin[0]).toMatchObject({ title: 'Cold showers every morning', author: { displayName: 'search_author' } });
    expect((await browserClient(t.app.base).get('/api/search?q=cold%20mornings%20zebra')).body.bulletin).toEqual([]);
  });
});
