import { describe, expect, it } from 'vitest';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';

const t = appForThisFile();
const member = t.member;
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
    const [r1, r2, r3] = [await member('rep_1'), await member('rep_2'), await member('rep_3')];
    expect((await r1.post('/api/reports', { ...report, reason: 'nonsense' })).status).toBe(400);
    expect((await r1.post('/api/reports', { ...report, notes: 'Selling pills' })).status).toBe(201);
    expect((await r1.post('/api/reports', report)).status).toBe(409);
    expect((await r2.post('/api/reports', report)).body.hidden).toBe(false);
    expect((await r3.post('/api/reports', report)).body.hidden).toBe(true);

    const visitorList = (await browserClient(t.app.base).get('/api/bulletin')).body;
    expect(visitorList.some((p: { id: number }) => p.id === created.id)).toBe(false);
    const authorList = (await author.get('/api/bulletin')).body;
    expect(authorList.find((p: { id: number }) => p.id === created.id)).toMatchObject({ isHidden: true, hiddenReason: 'spam' });

    expect((await r1.get('/api/admin/reports')).status).toBe(403);
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
});
