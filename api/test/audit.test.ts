import { AUDIT_ACTIONS, DEFAULT_SITE_SETTINGS, orderTotals, type AuditAction, type AuditEntryOf, type AuditPage } from '@app/shared/browser';
import { startFakeYouTube } from '@app/test-support/fake-youtube';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { EXPORT_BATCH } from '../src/domain/audit/export-audit-log.ts';
import type { LiveBuilds, SiteBuilder } from '../src/domain/deploy/rebuild-scheduler.ts';
import { auditLog, chatMessages, chatRooms, users } from '../src/db/schema/index.ts';
import { createCmsVideoSink } from '../src/integrations/youtube/cms-video-sink.ts';
import { createYouTubeClient } from '../src/integrations/youtube/youtube-client.ts';
import { appForThisFile } from './file-app.ts';
import { enrolStaffFactor } from './second-factor-helpers.ts';
import { TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

// Every staff power is exercised here, so the app has what each needs: a CMS that takes writes,
// a YouTube stand-in, and a builder whose builds are kept (in memory) for a rollback.
let youtube: Awaited<ReturnType<typeof startFakeYouTube>>;
beforeAll(async () => {
  youtube = await startFakeYouTube({ key: 'audit-key', handle: '@audit', videos: [{ id: 'aud0001', title: 'Audit video', description: 'One', duration: 'PT1M', views: 1 }] });
});
afterAll(async () => youtube?.close());
const builds: string[] = [];
let liveBuild: string | null = null;
const builder: SiteBuilder = {
  async build() {
    builds.push(`build-${builds.length + 1}`);
    liveBuild = builds.at(-1)!;
    return { buildId: liveBuild };
  },
};
const liveBuilds: LiveBuilds = { kept: async () => builds, live: async () => liveBuild, activate: async (id) => void (liveBuild = id) };
const t = appForThisFile({
  app: () => ({
    cmsUrl: t.cms.url,
    builder,
    liveBuilds,
    overrides: { content: { videoSync: { channel: createYouTubeClient({ apiKey: 'audit-key', baseUrl: youtube.url, timeoutMs: 2000 }), sink: createCmsVideoSink(t.cms.url, TEST_SECRET), defaultChannel: '@audit' } } },
  }),
});
const userId = async (username: string) => (await t.testDb.db.select().from(users).where(eq(users.username, username)))[0]!.id;
const cookieOf = (c: { cookies: Map<string, string> }) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

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
    await enrolStaffFactor(moderator, 'audit_staff');
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
    const statuses = (await admin.get('/api/admin/audit?action=user.status_changed')).body as { entries: AuditEntryOf<'user.status_changed'>[] };
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

function zipOf(name: string, text: string): Promise<Buffer> {
  const z = new yazl.ZipFile();
  z.addBuffer(Buffer.from(text), name);
  z.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    z.outputStream.on('data', (c: Buffer) => chunks.push(c));
    z.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

describe('every staff action is in the audit log (issue 34)', () => {
  it('records each action of the moderate and administer powers, by whoever did it, moderators’ deletions included', async () => {
    const admin = await t.member('every_admin', 'free', true);
    const mod = await t.member('every_mod');
    const member = await t.member('every_member', 'pro');
    const memberId = await userId('every_member');
    const modId = await userId('every_mod');
    const post = async (title: string) => (await member.post('/api/bulletin', { title, content: 'Words for the staff to look at.', category: 'General' })).body.id as number;
    const comment = (await member.post('/api/articles/1/comments', { content: 'A comment to hide and show.' })).body.id as number;
    const [general] = await t.testDb.db.select().from(chatRooms).where(eq(chatRooms.name, 'General Chat'));
    const [message] = await t.testDb.db.insert(chatMessages).values({ roomId: general!.id, userId: memberId, content: 'A chat line to hide.' }).returning();
    const reporter = await t.member('every_reporter');
    const reported = await post('Reported post');
    const report = (await reporter.post('/api/reports', { type: 'bulletin', contentId: reported, reason: 'spam' })).body.id as number;
    const order = (await member.post('/api/orders', { totalAmount: orderTotals([{ price: 1000, quantity: 1 }], { memberDiscount: true }).total, shippingAddress: '1 Main St, Springfield, IL 62701, US', items: [{ productId: 1, quantity: 1 }] })).body.id as number;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await zipOf('calm.md', '---\ntitle: Calm mornings\ncategory: wellness\n---\nBreathe in.\n'))], { type: 'application/zip' }), 'articles.zip');
    let firstDeployment = 0;
    const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);

    // Each staff action, who does it, and the entry it must leave: one row per moderated kind and per power.
    const STAFF_ACTIONS: { action: AuditAction; by: string; what: string; run: () => Promise<unknown> }[] = [
      { action: 'user.role_changed', by: 'every_admin', what: 'make a moderator', run: async () => {
        ok(await admin.post(`/api/admin/users/${modId}/role`, { role: 'moderator' }));
        // The new moderator's powers wait for their second factor (issue 52).
        await enrolStaffFactor(mod, 'every_mod');
      } },
      { action: 'user.status_changed', by: 'every_admin', what: 'put under review', run: async () => ok(await admin.post(`/api/admin/users/${memberId}/status`, { status: 'under_review', reason: 'spam' })) },
      { action: 'user.status_changed', by: 'every_admin', what: 'reactivate', run: async () => ok(await admin.post(`/api/admin/users/${memberId}/status`, { status: 'active' })) },
      { action: 'user.vip_granted', by: 'every_admin', what: 'grant VIP', run: async () => ok(await admin.post(`/api/admin/users/${memberId}/vip`, { vip: true })) },
      { action: 'user.vip_revoked', by: 'every_admin', what: 'take VIP back', run: async () => ok(await admin.post(`/api/admin/users/${memberId}/vip`, { vip: false })) },
      { action: 'user.reports_ignored', by: 'every_mod', what: 'stop counting a reporter', run: async () => ok(await mod.post(`/api/admin/reporters/${memberId}/ignore`, { ignored: true })) },
      { action: 'user.reports_counted', by: 'every_mod', what: 'count a reporter again', run: async () => ok(await mod.post(`/api/admin/reporters/${memberId}/ignore`, { ignored: false })) },
      { action: 'report.dismissed', by: 'every_mod', what: 'dismiss a report', run: async () => ok(await mod.post(`/api/admin/reports/${report}/dismiss`)) },
      { action: 'content.hidden', by: 'every_mod', what: 'hide a bulletin post', run: async () => ok(await mod.post(`/api/admin/content/bulletin/${reported}/moderate`, { isHidden: true, reason: 'spam' })) },
      { action: 'content.shown', by: 'every_mod', what: 'show a bulletin post', run: async () => ok(await mod.post(`/api/admin/content/bulletin/${reported}/moderate`, { isHidden: false })) },
      { action: 'content.hidden', by: 'every_mod', what: 'hide a comment', run: async () => ok(await mod.post(`/api/articles/comments/${comment}/hide`, { reason: 'spam' })) },
      { action: 'content.shown', by: 'every_mod', what: 'restore a comment', run: async () => ok(await mod.post(`/api/articles/comments/${comment}/restore`)) },
      { action: 'content.hidden', by: 'every_mod', what: 'hide a chat message', run: async () => ok(await mod.post(`/api/admin/content/chat/${message!.id}/moderate`, { isHidden: true, reason: 'harassment' })) },
      { action: 'content.deleted', by: 'every_mod', what: 'delete a member’s bulletin post', run: async () => ok(await mod.delete(`/api/bulletin/${await post('To be deleted')}`)) },
      { action: 'room.moderated', by: 'every_mod', what: 'moderate a room', run: async () => ok(await mod.post(`/api/admin/chat-rooms/${general!.id}/moderate`, { isModerated: true })) },
      { action: 'room.archived', by: 'every_mod', what: 'archive a room', run: async () => ok(await mod.post(`/api/admin/chat-rooms/${general!.id}/archive`, { archived: true })) },
      { action: 'room.restored', by: 'every_mod', what: 'restore a room', run: async () => ok(await mod.post(`/api/admin/chat-rooms/${general!.id}/archive`, { archived: false })) },
      { action: 'order.status_changed', by: 'every_admin', what: 'ship an order', run: async () => ok(await admin.post(`/api/admin/orders/${order}/status`, { status: 'shipped' })) },
      { action: 'settings.changed', by: 'every_admin', what: 'change the settings', run: async () => ok(await admin.put('/api/admin/settings', { ...DEFAULT_SITE_SETTINGS, siteName: 'Audited Site' })) },
      { action: 'videos.synced', by: 'every_admin', what: 'sync videos', run: async () => ok(await admin.post('/api/youtube/sync')) },
      { action: 'site.deployed', by: 'every_admin', what: 'deploy', run: async () => { const res = await admin.post('/api/deploy'); ok(res); firstDeployment = res.body.deployment.id; } },
      { action: 'site.deployed', by: 'every_admin', what: 'deploy again', run: async () => ok(await admin.post('/api/deploy')) },
      { action: 'site.rolled_back', by: 'every_admin', what: 'roll back', run: async () => ok(await admin.post(`/api/admin/deployments/${firstDeployment}/rollback`)) },
      { action: 'articles.imported', by: 'every_admin', what: 'import articles', run: async () => ok(await fetch(`${t.app.base}/api/admin/articles/upload`, { method: 'POST', body: form, headers: { cookie: cookieOf(admin), origin: TEST_ORIGIN } }).then(async (r) => ({ status: r.status, body: await r.text() }))) },
      { action: 'article.deleted', by: 'every_admin', what: 'delete an article', run: async () => ok(await admin.delete('/api/admin/articles/1')) },
      { action: 'audit.exported', by: 'every_admin', what: 'export the log', run: async () => ok(await fetch(`${t.app.base}/api/admin/audit.csv`, { headers: { cookie: cookieOf(admin) } }).then(async (r) => ({ status: r.status, body: await r.text() }))) },
      { action: 'members.exported', by: 'every_admin', what: 'export the members', run: async () => ok(await fetch(`${t.app.base}/api/admin/export/members.csv`, { headers: { cookie: cookieOf(admin) } }).then(async (r) => ({ status: r.status, body: await r.text() }))) },
      { action: 'content.exported', by: 'every_admin', what: 'export the content', run: async () => ok(await fetch(`${t.app.base}/api/admin/export/content.zip`, { headers: { cookie: cookieOf(admin) } }).then(async (r) => ({ status: r.status, body: await r.text() }))) },
      { action: 'orders.exported', by: 'every_admin', what: 'export the orders', run: async () => ok(await fetch(`${t.app.base}/api/admin/export/orders.csv`, { headers: { cookie: cookieOf(admin) } }).then(async (r) => ({ status: r.status, body: await r.text() }))) },
      { action: 'newsletter.sent', by: 'every_admin', what: 'send a newsletter', run: async () => ok(await admin.post('/api/admin/newsletters', { articleId: 2, segment: 'pro' })) },
      { action: 'newsletter.test_sent', by: 'every_admin', what: 'send a test of a newsletter', run: async () => ok(await admin.post('/api/admin/newsletters/test', { articleId: 2, segment: 'pro' })) },
      { action: 'article.preview_links_revoked', by: 'every_admin', what: 'withdraw preview links', run: async () => ok(await admin.post('/api/admin/articles/2/preview-link/revoke')) },
      { action: 'cms_user.second_factor_reset', by: 'every_admin', what: 'reset a CMS user’s authenticator in the CMS (signed in through the site)', run: async () => ok(await fetch(`${t.app.base}/api/internal/cms-sign-in/second-factor-reset`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET }, body: JSON.stringify({ actorEmail: 'every_admin@example.com', actorSiteUserId: await userId('every_admin'), targetEmail: 'desk@example.com' }) }).then(async (r) => ({ status: r.status, body: await r.text() }))) },
      // Last: the moderator's powers wait for a factor again once it is reset.
      { action: 'user.second_factor_reset', by: 'every_admin', what: 'reset a locked-out moderator’s second factor', run: async () => ok(await admin.post(`/api/admin/users/${modId}/second-factor/reset`)) },
    ];
    // A new audit action must come with its row here.
    expect(new Set(STAFF_ACTIONS.map((a) => a.action))).toEqual(new Set(Object.keys(AUDIT_ACTIONS)));

    const countOf = async (action: AuditAction, actorId: number) => (await t.testDb.db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.actorId, actorId)))).length;
    for (const step of STAFF_ACTIONS) {
      const by = await userId(step.by);
      const before = await countOf(step.action, by);
      await step.run();
      // Deployments are audited when they finish, after the answer.
      await expect.poll(() => countOf(step.action, by), { message: step.what, timeout: 10_000 }).toBe(before + 1);
    }
    const [deleted] = await t.testDb.db.select().from(auditLog).where(eq(auditLog.action, 'content.deleted'));
    expect(deleted).toMatchObject({ actorId: modId, targetUserId: memberId, details: { type: 'bulletin', title: 'To be deleted' } });
  });
});

describe('the audit log as CSV', () => {
  const csv = (cookie: string, query = '') => fetch(`${t.app.base}/api/admin/audit.csv${query}`, { headers: cookie ? { cookie } : {} });

  it('downloads the filtered log as a dated attachment, escaped as RFC 4180 says, with formulas neutralised, and the export itself audited', async () => {
    const admin = await t.member('csv_admin', 'free', true);
    await ensureAccount(t.testDb.db, { username: '=csv_formula', email: 'csv-formula@example.com', password: 'pass-word-1' });
    const formulaId = await userId('=csv_formula');
    const member = await t.member('csv_member');
    const post = (await member.post('/api/bulletin', { title: 'Odd words', content: 'A post with odd words in it.', category: 'General' })).body.id as number;
    expect((await admin.post(`/api/admin/content/bulletin/${post}/moderate`, { isHidden: true, reason: 'spam', notes: 'He said "buy now", twice' })).status).toBe(200);
    // Entries as an older version or another writer might have left them: a formula for a name, a line break in an action.
    await t.testDb.db.insert(auditLog).values([
      { actorId: formulaId, action: '@SUM(A1)\r\nsecond line', details: { note: '-2+3' } },
      { actorId: formulaId, action: '+cmd', targetUserId: formulaId, details: {} },
    ]);

    const res = await csv(cookieOf(admin), '?actor=csv_&action=content.');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await res.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Entry,When (UTC),Who,Action,What,Member,Details');
    expect(lines).toHaveLength(3); // the header, the one hidden post, and the final CRLF
    // jsonb keeps its own key order (shorter keys first).
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d\d-\d\dT[\d:.]+Z,/);
    expect(lines[1]!.replace(/^\d+,[^,]+,/, '')).toBe(`csv_admin,content.hidden,Content hidden,csv_member,"{""type"":""bulletin"",""notes"":""He said \\""buy now\\"", twice"",""reason"":""spam"",""contentId"":${post}}"`);

    const all = await (await csv(cookieOf(admin), '?actor=%3Dcsv')).text();
    expect(all).toContain(`,'=csv_formula,"'@SUM(A1)\r\nsecond line","'@SUM(A1)\r\nsecond line",,"{""note"":""-2+3""}"\r\n`);
    expect(all).toContain(`,'=csv_formula,'+cmd,'+cmd,'=csv_formula,{}\r\n`);
    // The exports are in the log, with the filters they used.
    const exports = ((await admin.get('/api/admin/audit?action=audit.exported&actor=csv_admin')).body as { entries: AuditEntryOf<'audit.exported'>[] }).entries;
    expect(exports.map((e) => e.details.filter)).toEqual([{ actor: '=csv', action: null, before: null }, { actor: 'csv_', action: 'content.', before: null }]);
  });

  it('streams a log longer than one batch whole, newest first', async () => {
    const admin = await t.member('csv_bulk_admin', 'free', true);
    const adminId = await userId('csv_bulk_admin');
    const n = EXPORT_BATCH * 2 + 7;
    await t.testDb.db.insert(auditLog).values(Array.from({ length: n }, (_, i) => ({ actorId: adminId, action: 'settings.changed', details: { i } })));
    const text = await (await csv(cookieOf(admin), '?actor=csv_bulk_admin&action=settings.changed')).text();
    const rows = text.trimEnd().split('\r\n').slice(1);
    expect(rows).toHaveLength(n);
    expect(rows.map((r) => Number(/""i"":(\d+)/.exec(r)![1]))).toEqual(Array.from({ length: n }, (_, i) => n - 1 - i));
  });

  it('is for admins only: moderators and members 403, visitors 401, and a refused export leaves no entry', async () => {
    const mod = await t.member('csv_mod');
    await t.testDb.db.update(users).set({ role: 'moderator' }).where(eq(users.username, 'csv_mod'));
    const plain = await t.member('csv_plain');
    const exportsBefore = (await t.testDb.db.select().from(auditLog).where(eq(auditLog.action, 'audit.exported'))).length;
    expect((await csv(cookieOf(mod))).status).toBe(403);
    expect((await csv(cookieOf(plain))).status).toBe(403);
    expect((await csv('')).status).toBe(401);
    expect((await t.testDb.db.select().from(auditLog).where(eq(auditLog.action, 'audit.exported'))).length).toBe(exportsBefore);
  });
});
