import { describe, expect, it } from 'vitest';
import { articleViews } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { article, sampleRecords } from './fixtures.ts';

// Issue 47 #13: Admin → Articles lists every article the CMS holds, drafts included, with where it
// stands and how often it was read — an explicit DTO, nothing of the body.
const DAY = 86_400_000;
const t = appForThisFile({
  records: () => {
    const records = sampleRecords();
    return {
      ...records,
      articles: [
        article(1, 'free', { publishDate: '2026-01-05T00:00:00.000Z' }),
        article(2, 'pro', { publishDate: new Date(Date.now() + 3 * DAY).toISOString() }),
        { ...article(3, 'vip', { publishDate: null }), _status: 'draft' },
        article(4, 'free', { publishDate: '2026-01-02T00:00:00.000Z', unpublishDate: '2026-01-03T00:00:00.000Z' }),
        // "Create New" saved an empty draft: no title, no category, no tier.
        { id: 5, _status: 'draft', createdAt: '2026-01-01T00:00:00.000Z' } as unknown as ReturnType<typeof article>,
      ],
    };
  },
  app: () => ({ cmsUrl: t.cms.url }),
});

describe('Admin → Articles’ list', () => {
  it('names each article’s status (draft, scheduled, live, ended) and its readings, drafts included', async () => {
    await t.testDb.db.insert(articleViews).values([
      { articleId: 1, day: '2026-01-06', views: 3 },
      { articleId: 1, day: '2026-01-07', views: 4 },
      { articleId: 4, day: '2026-01-02', views: 2 },
    ]);
    const admin = await t.member('list_admin', 'free', true);
    const res = await admin.get('/api/admin/articles');
    expect(res.status).toBe(200);
    const scheduledDate = (res.body as { id: number; publishDate: string }[]).find((a) => a.id === 2)!.publishDate;
    const category = { category: 'self-confidence', categoryTitle: 'Self-Confidence' };
    expect(res.body).toEqual([
      { id: 2, title: 'Article 2 (pro)', ...category, membershipRequired: 'pro', status: 'scheduled', publishDate: scheduledDate, views: 0 },
      { id: 1, title: 'Article 1 (free)', ...category, membershipRequired: 'free', status: 'live', publishDate: '2026-01-05T00:00:00.000Z', views: 7 },
      { id: 4, title: 'Article 4 (free)', ...category, membershipRequired: 'free', status: 'ended', publishDate: '2026-01-02T00:00:00.000Z', views: 2 },
      { id: 5, title: '', category: null, categoryTitle: null, membershipRequired: 'free', status: 'draft', publishDate: null, views: 0 },
      { id: 3, title: 'Article 3 (vip)', ...category, membershipRequired: 'vip', status: 'draft', publishDate: null, views: 0 },
    ]);
  });

  it('is for admins only: visitors 401, members 403', async () => {
    expect((await browserClient(t.app.base).get('/api/admin/articles')).status).toBe(401);
    expect((await (await t.member('list_member', 'vip')).get('/api/admin/articles')).status).toBe(403);
  });
});
