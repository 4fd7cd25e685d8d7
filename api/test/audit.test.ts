import { orderTotals, type AuditPage } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatRooms, users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';

const t = appForThisFile();
const userId = async (username: string) => (await t.testDb.db.select().from(users).where(eq(users.username, username)))[0]!.id;

describe('the audit log view', () => {
  it('lists an action of each kind with who did it to whom, and filters by who, what and when', async () => {
    const admin = await t.member('audit_admin', 'free', true);
    const member = await t.member('audit_member', 'pro');
    const memberId = await userId('audit_member');
    const moderator = await t.member('audit_staff');
    const staffId = await userId('audit_staff');

    // Staff actions of every kind, each through its own endpoint.
    expect((await admin.post(`/api/admin/users/${memberId}/status`, { status: 'under_review', reason: 'spam', notes: 'watching' })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${memberId}/status`, { status: 'active' })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${memberId}/vip`, { vip: true })).status).toBe(200);
    expect((await admin.post(`/api/admin/users/${staffId}/role`, { role: 'moderator' })).status).toBe(200);
    const post = (await member.post('/api/bulletin', { title: 'Buy my course', content: 'Limited offer, only today, click here.', category: 'General' })).body;
    expect((await moderator.post(`/api/admin/content/bulletin/${post.id}/moderate`, { isHidden: true, reason: 'spam', notes: 'advert' })).status).toBe(200);
    const [room] = await t.testDb.db.select().from(chatRooms).limit(1);
    expect((await moderator.post(`/api/admin/chat-rooms/${room!.id}/moderate`, { isModerated: true })).status).toBe(200);
    expect((await moderator.post(`/api/admin/chat-rooms/${room!.id}/archive`, { archived: true })).status).toBe(200);
    const order = (await member.post('/api/orders', { totalAmount: orderTotals([{ price: 1000, quantity: 1 }], { memberDiscount: true }).total, shippingAddress: '1 Main St, Springfield, IL 62701, US', items: [{ productId: 1, quantity: 1 }] })).body;
    expect((await admin.post(`/api/admin/orders/${order.id}/status`, { status: 'shipped', note: 'Tracking 1Z' })).status).toBe(200);

    const all = (await admin.get('/api/admin/audit')).body as AuditPage;
    const actions = all.entries.map((e) => e.action);
    for (const a of ['user.status_changed', 'user.vip_granted', 'user.role_changed', 'content.hidden', 'room.moderated', 'room.archived', 'order.status_changed']) expect(actions).toContain(a);
    expect(all.entries[0]!.action).toBe('order.status_changed'); // newest first
    const hidden = all.entries.find((e) => e.action === 'content.hidden')!;
    expect(hidden).toMatchObject({ actor: { username: 'audit_staff' }, target: { username: 'audit_member' }, details: { type: 'bulletin', contentId: post.id, reason: 'spam', notes: 'advert' } });

    // Who: the moderator's actions only. What: one action, or an area. When: before a moment.
    const byMod = (await admin.get('/api/admin/audit?actor=audit_staff')).body as AuditPage;
    expect(new Set(byMod.entries.map((e) => e.action))).toEqual(new Set(['content.hidden', 'room.moderated', 'room.archived']));
    const statuses = (await admin.get('/api/admin/audit?action=user.status_changed')).body as AuditPage;
    expect(statuses.entries.map((e) => e.details.to)).toEqual(['active', 'under_review']);
    expect(((await admin.get('/api/admin/audit?action=room.')).body as AuditPage).entries).toHaveLength(2);
    expect(((await admin.get('/api/admin/audit?before=2000-01-01')).body as AuditPage).entries).toEqual([]);

    // Paging by entry id: two pages of 4 hold what one page of 8 holds.
    const first = (await admin.get('/api/admin/audit?limit=4')).body as AuditPage;
    const second = (await admin.get(`/api/admin/audit?limit=4&before=${first.nextBefore}`)).body as AuditPage;
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(all.entries.slice(0, 8).map((e) => e.id));
  });

  it('is for admins: moderators 403, visitors 401, a bad filter 400', async () => {
    const admin = await t.member('audit_admin2', 'free', true);
    expect((await (await t.member('audit_plain')).get('/api/admin/audit')).status).toBe(403);
    expect((await t.app.fetch('/api/admin/audit')).status).toBe(401);
    expect((await admin.get('/api/admin/audit?before=yesterday')).status).toBe(400);
  });
});
