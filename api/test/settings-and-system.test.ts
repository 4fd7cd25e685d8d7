import { DEFAULT_SITE_SETTINGS, type AuditEntryOf, type SiteSettings, type SystemReport } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { appForThisFile } from './file-app.ts';
import { scheduleJob } from '../src/jobs/schedule-job.ts';
import { silentLogger, TEST_SECRET } from './test-app.ts';

// The API writes settings to the same fake CMS it reads content from.
// The scheduled jobs the System tab lists: one has run a round, the other not yet.
const JOBS = [{ name: 'system-tab-ran', every: 60_000 }, { name: 'system-tab-waiting', every: 3_600_000 }];
const t = appForThisFile({ app: () => ({ cmsUrl: t.cms.url, overrides: { ops: { jobs: () => JOBS.map((job) => ({ ...job, run: async () => 'done' })) } } }) });
const changed: Omit<SiteSettings, 'policiesLastUpdated'> = {
  siteName: 'Calm Steps',
  tagline: 'One small step a day',
  authorName: 'Calm Steps Studio',
  contactEmail: 'team@calmsteps.example',
  socialLinks: { facebook: 'https://facebook.com/calmsteps', instagram: '', x: 'https://x.com/calmsteps', youtube: 'https://www.youtube.com/@calmsteps' },
  youtubeChannelHandle: '@calmsteps',
  adsEnabled: false,
  maintenanceBanner: { enabled: true, text: 'Maintenance tonight from 22:00.' },
};
const cookieOf = (c: { cookies: Map<string, string> }) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
const asModerator = async (username: string) => {
  const c = await t.member(username);
  await t.testDb.db.update(users).set({ role: 'moderator' }).where(eq(users.username, username));
  return c;
};

describe('site settings', () => {
  it('reads today\'s copy on a fresh install, then an admin\'s change everywhere: the CMS global, GET /api/settings, the articles\' default author, a new content version and the audit log', async () => {
    expect((await t.app.fetch('/api/settings').then((r) => r.json())) as SiteSettings).toEqual(DEFAULT_SITE_SETTINGS);
    const before = t.app.content.current().version;
    const admin = await t.member('settings_admin', 'free', true);

    const saved = await admin.put('/api/admin/settings', changed);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ ...changed, policiesLastUpdated: DEFAULT_SITE_SETTINGS.policiesLastUpdated });
    expect(t.cms.records().settings).toMatchObject({ siteName: 'Calm Steps', maintenanceBanner: { enabled: true, text: 'Maintenance tonight from 22:00.' } });
    expect((await admin.get('/api/settings')).body).toMatchObject({ siteName: 'Calm Steps', adsEnabled: false });
    expect(t.app.content.current().version).not.toBe(before);
    // The channel the YouTube sync reads is the settings' handle now.
    expect((await admin.get('/api/admin/youtube')).body.channel).toBe('@calmsteps');
    const unsigned = t.app.content.current().articleList.find((a) => a.author === 'Calm Steps Studio');
    expect(unsigned).toBeDefined();
    // Videos and products that name no author or creator are the studio's too.
    expect(t.app.content.current().videos[0]!.author).toBe('Calm Steps Studio');
    expect(t.app.content.current().products.get(1)!.creator).toBe('Calm Steps Studio');

    const audit = (await admin.get('/api/admin/audit?action=settings.changed')).body as { entries: AuditEntryOf<'settings.changed'>[] };
    expect(audit.entries[0]).toMatchObject({ actor: { username: 'settings_admin' }, details: { changed: { siteName: { from: 'Better Self', to: 'Calm Steps' } } } });
    expect(Object.keys(audit.entries[0]!.details.changed as object)).not.toContain('policiesLastUpdated');
  });

  it('refuses a bad setting with its message, and is for admins only', async () => {
    const admin = await t.member('settings_admin2', 'free', true);
    const bad = await admin.put('/api/admin/settings', { ...changed, contactEmail: 'not-an-address' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('contactEmail: The contact email must be a valid email address.');
    const banner = await admin.put('/api/admin/settings', { ...changed, maintenanceBanner: { enabled: true, text: '' } });
    expect(banner.body.message).toContain('Write the maintenance banner text before turning it on.');
    const link = await admin.put('/api/admin/settings', { ...changed, socialLinks: { ...changed.socialLinks, facebook: 'http://facebook.com/x' } });
    expect(link.body.message).toContain('The Facebook link must start with https://');
    expect((await (await asModerator('settings_mod')).put('/api/admin/settings', changed)).status).toBe(403);
    expect((await (await t.member('settings_member', 'vip')).put('/api/admin/settings', {})).status).toBe(403);
    expect((await t.app.fetch('/api/admin/settings', { method: 'PUT', headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
  });
});

describe('the CMS single sign-on question', () => {
  const ask = (cookie: string, headers: Record<string, string> = {}) => t.app.fetch('/api/internal/site-admin', { headers: { cookie, 'x-internal-secret': TEST_SECRET, ...headers } });

  it('names a site admin by their session, and refuses moderators, members, visitors, proxied calls and a wrong secret', async () => {
    const admin = await t.member('sso_admin', 'free', true);
    const answer = await ask(cookieOf(admin));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ username: 'sso_admin', email: 'sso_admin@example.com', emailConfirmed: true });
    expect((await ask(cookieOf(await asModerator('sso_mod')))).status).toBe(403);
    expect((await ask(cookieOf(await t.member('sso_member', 'pro')))).status).toBe(403);
    expect((await ask('')).status).toBe(401);
    expect((await ask(cookieOf(admin), { 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await ask(cookieOf(admin), { 'x-internal-secret': 'wrong' })).status).toBe(403);
  });
});

describe('the System tab', () => {
  it('reports versions, uptimes, database size, content counts, freshness and recent server errors with their request ids', async () => {
    const admin = await t.member('system_admin', 'free', true);
    // A 5xx: the CMS is down while the settings are saved.
    t.cms.setUp(false);
    const failed = await admin.put('/api/admin/settings', changed);
    t.cms.setUp(true);
    expect(failed.status).toBe(503);
    const requestId = failed.headers.get('x-request-id');

    const res = await admin.get('/api/admin/system');
    expect(res.status).toBe(200);
    const report = res.body as SystemReport;
    expect(report.versions.node).toBe(process.version);
    expect(report.versions.postgres).toMatch(/^\d+/);
    expect(report.databaseBytes).toBeGreaterThan(1_000_000);
    expect(report.contentCounts.articles).toBe(t.app.content.current().articleList.length);
    expect(report.contentCounts.articles).toBeGreaterThan(0);
    expect(report.readModel.version).toBe(t.app.content.current().version);
    expect(report.services.map((s) => s.name)).toEqual(['API', 'CMS', 'PostgreSQL', 'Site build']);
    expect(report.services[0]!.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(report.recentErrors[0]).toMatchObject({ requestId, method: 'PUT', path: '/api/admin/settings', status: 503 });
    // One database server (no PATRONI_URLS or PGBACKREST_STANZA): no database hosts section.
    expect(report.database).toBeNull();
  });

  it('lists every scheduled job from the one list, with its latest round or none yet', async () => {
    const ran = scheduleJob({ db: t.testDb.db, logger: silentLogger, clock: () => new Date(), instance: 'host-a:1' }, { ...JOBS[0]!, run: async () => 'done' });
    await ran.tick();
    ran.stop();
    const report = (await (await t.member('jobs_admin', 'free', true)).get('/api/admin/system')).body as SystemReport;
    expect(report.jobs).toMatchObject([
      { name: 'system-tab-ran', everyMs: 60_000, lastRound: { job: 'system-tab-ran', instance: 'host-a:1', outcome: 'succeeded' } },
      { name: 'system-tab-waiting', everyMs: 3_600_000, lastRound: null },
    ]);
  });

  it('is for admins: moderators 403, visitors 401', async () => {
    expect((await (await asModerator('system_mod')).get('/api/admin/system')).status).toBe(403);
    expect((await t.app.fetch('/api/admin/system')).status).toBe(401);
  });
});
