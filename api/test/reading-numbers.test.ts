import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { articleViews, users } from '../src/db/schema/index.ts';
import { countsAsReader } from '../src/domain/reading/count-view.ts';
import { BEACONS_PER_MINUTE, createViewCounter, type ViewCounter } from '../src/domain/reading/view-counter.ts';
import { appForThisFile } from './file-app.ts';
import { silentLogger, TEST_ORIGIN } from './test-app.ts';

// Issue 39 #2: reading numbers without tracking people; issues 47 #3 and 53 #3: one reading per
// article per address a day, counted in memory and written in one statement. sampleRecords:
// articles 1–3 are on the site.
let counter: ViewCounter;
const t = appForThisFile({
  app: () => {
    // This instance's counter, flushed by the tests when they read the counts (no timer).
    counter = createViewCounter({ db: t.testDb.db, logger: silentLogger, flushEveryMs: null });
    return { overrides: { content: { views: counter } } };
  },
});

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const view = (articleId: unknown, headers: Record<string, string> = {}) =>
  fetch(`${t.app.base}/api/views`, { method: 'POST', headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'user-agent': CHROME, ...headers }, body: JSON.stringify({ articleId }) });
/** A reader behind the trusted proxy (loopback), at this address. */
const from = (address: string) => ({ 'x-forwarded-for': address });
const stored = async () => {
  await counter.flush();
  return t.testDb.db.select().from(articleViews).orderBy(articleViews.articleId, articleViews.day);
};
const today = () => new Date().toISOString().slice(0, 10);

describe('the view counter (POST /api/views)', () => {
  it('counts a reader once per article per day, answering 204 and setting no cookie, and stores nothing but the count', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await view(1);
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // A signed-in reader is counted the same, and no more is known about them.
    const member = await t.member('reader_one');
    expect((await member.post('/api/views', { articleId: 2 }, { 'user-agent': CHROME })).status).toBe(204);
    expect(member.setCookieHeaders()).toEqual([]);
    // Another reader (another address) is another reading.
    expect((await view(1, from('198.51.100.20'))).status).toBe(204);
    expect(await stored()).toEqual([
      { articleId: 1, day: today(), views: 2 },
      { articleId: 2, day: today(), views: 1 },
    ]);
    // The table's columns are the whole of what is kept.
    const columns = await t.testDb.db.execute<{ column_name: string }>(sql`select column_name from information_schema.columns where table_schema = 'app' and table_name = 'article_views' order by column_name`);
    expect(columns.rows.map((c) => c.column_name)).toEqual(['article_id', 'day', 'views']);
  });

  it('counts 300 beacons from one address at once as one reading, and drops an address’s beacons past the minute’s limit', async () => {
    await t.testDb.db.delete(articleViews);
    const answers = await Promise.all(Array.from({ length: 300 }, () => view(3, from('203.0.113.9'))));
    expect(new Set(answers.map((r) => r.status))).toEqual(new Set([204]));
    expect(await stored()).toEqual([{ articleId: 3, day: today(), views: 1 }]);
    // That address has sent far more than BEACONS_PER_MINUTE: a first reading of another article is not counted either…
    expect((await view(2, from('203.0.113.9'))).status).toBe(204);
    // …while another reader's is.
    expect((await view(2, from('203.0.113.10'))).status).toBe(204);
    expect(await stored()).toEqual([
      { articleId: 2, day: today(), views: 1 },
      { articleId: 3, day: today(), views: 1 },
    ]);
    expect(BEACONS_PER_MINUTE).toBeLessThan(300);
  });

  it('does not count a reader who asks not to be tracked, nor robots and scripts', async () => {
    const before = await stored();
    const asks: Record<string, string>[] = [{ dnt: '1' }, { 'sec-gpc': '1' }, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, { 'user-agent': 'curl/8.5.0' }, { 'user-agent': 'Mozilla/5.0 HeadlessChrome/131.0.0.0' }];
    for (const [i, headers] of asks.entries()) {
      expect((await view(1, { ...from(`192.0.2.${i + 1}`), ...headers })).status, JSON.stringify(headers)).toBe(204);
    }
    expect(await stored()).toEqual(before);
    expect(countsAsReader({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', doNotTrack: undefined, globalPrivacyControl: undefined })).toBe(true);
    expect(countsAsReader({ userAgent: undefined, doNotTrack: undefined, globalPrivacyControl: undefined })).toBe(false);
  });

  it('refuses an article that is not on the site (404) and a body that is not one article id (400)', async () => {
    expect((await view(999, from('192.0.2.50'))).status).toBe(404);
    for (const bad of ['1', -1, 0, 1.5, null]) expect((await view(bad, from('192.0.2.51'))).status, String(bad)).toBe(400);
    const other = await fetch(`${t.app.base}/api/views`, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' }, body: '{"articleId":1}' });
    expect(other.status).toBe(403);
  });
});

describe('the view counters of several instances', () => {
  it('each add their own readings to the day’s count in one statement, whatever is there already, and write what is left when they close', async () => {
    await t.testDb.db.delete(articleViews);
    await t.testDb.db.insert(articleViews).values({ articleId: 1, day: today(), views: 5 });
    const instances = [1, 2, 3].map(() => createViewCounter({ db: t.testDb.db, logger: silentLogger, flushEveryMs: null }));
    instances.forEach((c, i) => {
      for (let reader = 0; reader < 10 * (i + 1); reader++) c.record(1, `10.0.${i}.${reader}`, true);
      c.record(2, '10.9.9.9', true);
    });
    await Promise.all(instances.slice(0, 2).map((c) => c.flush()));
    // The third shuts down gracefully: what it counted is written then.
    await instances[2]!.close();
    expect(await t.testDb.db.select().from(articleViews).orderBy(articleViews.articleId)).toEqual([
      { articleId: 1, day: today(), views: 5 + 10 + 20 + 30 },
      { articleId: 2, day: today(), views: 3 },
    ]);
    // Written once: flushing again adds nothing.
    await Promise.all(instances.map((c) => c.flush()));
    expect((await t.testDb.db.select().from(articleViews).orderBy(articleViews.articleId)).map((r) => r.views)).toEqual([65, 3]);
  });

  it('forget the day’s readers at midnight (UTC): the same reader the next day is a new reading', async () => {
    await t.testDb.db.delete(articleViews);
    let now = new Date('2026-05-01T23:59:00Z');
    const c = createViewCounter({ db: t.testDb.db, logger: silentLogger, clock: () => now, flushEveryMs: null });
    expect(c.record(1, '198.51.100.7', true)).toBe('counted');
    expect(c.record(1, '198.51.100.7', true)).toBe('not-counted');
    now = new Date('2026-05-02T00:00:30Z');
    expect(c.record(1, '198.51.100.7', true)).toBe('counted');
    await c.close();
    expect(await t.testDb.db.select().from(articleViews).orderBy(articleViews.day)).toEqual([
      { articleId: 1, day: '2026-05-01', views: 1 },
      { articleId: 1, day: '2026-05-02', views: 1 },
    ]);
  });
});

describe('the reading numbers (GET /api/admin/stats/articles)', () => {
  it('ranks the period’s most read articles and totals each category, from the daily counts', async () => {
    const admin = await t.member('stats_admin', 'free', true);
    await t.testDb.db.delete(articleViews);
    await t.testDb.db.insert(articleViews).values([
      { articleId: 1, day: '2026-03-01', views: 5 },
      { articleId: 1, day: '2026-03-10', views: 7 },
      { articleId: 2, day: '2026-03-05', views: 20 },
      { articleId: 3, day: '2026-02-28', views: 100 },
      { articleId: 77, day: '2026-03-02', views: 9 },
    ]);
    const res = await admin.get('/api/admin/stats/articles?from=2026-03-01&to=2026-03-31&limit=3');
    expect(res.status).toBe(200);
    expect(res.body.from).toBe('2026-03-01');
    expect(res.body.top).toEqual([
      { articleId: 2, title: 'Article 2 (pro)', views: 20 },
      { articleId: 1, title: 'Article 1 (free)', views: 12 },
      { articleId: 77, title: null, views: 9 },
    ]);
    expect(res.body.categories.reduce((n: number, c: { views: number }) => n + c.views, 0)).toBe(32);
    expect((await admin.get('/api/admin/stats/articles?from=2026-04-01&to=2026-03-01')).status).toBe(400);
  });

  it('is for admins only: visitors 401, members and moderators 403', async () => {
    expect((await fetch(`${t.app.base}/api/admin/stats/articles`)).status).toBe(401);
    const member = await t.member('stats_member');
    expect((await member.get('/api/admin/stats/articles')).status).toBe(403);
    const mod = await t.member('stats_mod');
    await t.testDb.db.update(users).set({ role: 'moderator' }).where(sql`${users.username} = 'stats_mod'`);
    expect((await mod.get('/api/admin/stats/articles')).status).toBe(403);
  });
});
