import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PREVIEW_LINK_TTL_MS, previewLink, signPreviewToken } from '@app/shared/server';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { article } from './fixtures.ts';
import { TEST_ORIGIN, TEST_SECRET } from './test-app.ts';

// Issue 36 #4: a preview link shows an article's latest version, a draft included, to whoever holds
// it until it expires; every other token is a 404.
const t = appForThisFile({ app: () => ({ cmsUrl: t.cms.url }) });

describe('preview links', () => {
  it('are made by admins for an article that exists, as a URL on the site with its expiry', async () => {
    const visitor = browserClient(t.app.base);
    expect((await visitor.post('/api/admin/articles/3/preview-link')).status).toBe(401);
    expect((await (await t.member('preview_member', 'vip')).post('/api/admin/articles/3/preview-link')).status).toBe(403);
    const admin = await t.member('preview_admin', 'free', true);
    expect((await admin.post('/api/admin/articles/99999/preview-link')).status).toBe(404);
    const made = await admin.post('/api/admin/articles/3/preview-link');
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ url: expect.stringMatching(new RegExp(`^${TEST_ORIGIN}/preview/articles/3\\?token=[0-9a-z]+\\.[0-9a-z]+\\.[\\w-]{43}$`)), expiresAt: expect.any(String) });
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
  });

  it('show the latest draft in full to a visitor, tier aside, never cached or indexed', async () => {
    // Article 3 is a VIP article; an editor has saved a draft of an edit that is not published.
    t.cms.setDraft(3, { ...article(3, 'vip'), title: 'A better title, not yet published', contentHtml: '<p>The whole VIP body, revised.</p>', _status: 'draft' });
    const admin = await t.member('preview_admin2', 'free', true);
    const { url } = (await admin.post('/api/admin/articles/3/preview-link')).body as { url: string };
    const path = url.slice(TEST_ORIGIN.length).replace('/preview/', '/api/preview/');
    const res = await browserClient(t.app.base).get(path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: 3, title: 'A better title, not yet published', membershipRequired: 'vip', contentHtml: '<p>The whole VIP body, revised.</p>', status: 'draft' });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    // The site itself still shows the published version, and only to VIP readers.
    expect(((await browserClient(t.app.base).get('/api/articles/3')).body as { title: string }).title).toBe(article(3, 'vip').title);
  });

  it('show a draft saved before its title was typed as "Untitled" (issue 47 #8)', async () => {
    t.cms.setDraft(4, { ...article(4, 'free'), title: null, category: null, contentHtml: null, _status: 'draft' });
    const { url } = (await (await t.member('preview_admin5', 'free', true)).post('/api/admin/articles/4/preview-link')).body as { url: string };
    const res = await browserClient(t.app.base).get(url.slice(TEST_ORIGIN.length).replace('/preview/', '/api/preview/'));
    expect([res.status, res.body]).toEqual([200, expect.objectContaining({ id: 4, title: 'Untitled', category: 'miscellaneous', contentHtml: '', status: 'draft' })]);
  });

  it('answer 404 for a token of another article, a changed one, an expired one or none', async () => {
    const token = new URL((await (await t.member('preview_admin3', 'free', true)).post('/api/admin/articles/2/preview-link')).body.url as string).searchParams.get('token')!;
    const visitor = browserClient(t.app.base);
    const get = (id: string, query: string) => visitor.get(`/api/preview/articles/${id}${query}`);
    expect((await get('2', `?token=${token}`)).status).toBe(200);
    const expired = signPreviewToken(TEST_SECRET, 2, new Date(Date.now() - 1000));
    const [issued, expiry, signature] = token.split('.');
    for (const [id, query] of [
      ['1', `?token=${token}`],
      ['2', `?token=${issued}.${expiry}.${signature!.slice(0, -2)}AA`],
      ['2', `?token=${issued}.${(Number.parseInt(expiry!, 36) + 60).toString(36)}.${signature}`],
      ['2', `?token=${expired}`],
      ['2', ''],
      ['2', '?token[]=x'],
      ['x', `?token=${token}`],
    ] as const) {
      const res = await get(id, query);
      expect([id, query, res.status, res.body?.message]).toEqual([id, query, 404, 'Preview not found']);
    }
  });

  it("can be withdrawn for one article: its earlier links — the admins', the CMS's Preview button's, links made before tokens carried their time — answer 404, new ones work (issue 47 #6)", async () => {
    const admin = await t.member('preview_admin4', 'free', true);
    const visitor = browserClient(t.app.base);
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
    const opens = async (id: number, token: string) => (await visitor.get(`/api/preview/articles/${id}?token=${encodeURIComponent(token)}`)).status;
    const fromAdmin = tokenOf((await admin.post('/api/admin/articles/1/preview-link')).body.url as string);
    // The CMS's Preview button makes its links itself, with the shared secret (cms/src/collections/articles.ts).
    const fromCms = tokenOf(previewLink(TEST_SECRET, TEST_ORIGIN, 1).url);
    const seconds = Math.floor((Date.now() + PREVIEW_LINK_TTL_MS - 60_000) / 1000);
    const v1 = `${seconds.toString(36)}.${createHmac('sha256', createHmac('sha256', TEST_SECRET).update('preview-links/v1').digest()).update(`article:1:${seconds}`).digest('base64url')}`;
    const otherArticle = tokenOf((await admin.post('/api/admin/articles/2/preview-link')).body.url as string);
    for (const token of [fromAdmin, fromCms, v1]) expect(await opens(1, token)).toBe(200);

    expect((await visitor.post('/api/admin/articles/1/preview-link/revoke')).status).toBe(401);
    expect((await (await t.member('preview_member2', 'vip')).post('/api/admin/articles/1/preview-link/revoke')).status).toBe(403);
    expect((await admin.post('/api/admin/articles/99999/preview-link/revoke')).status).toBe(404);
    const revoked = await admin.post('/api/admin/articles/1/preview-link/revoke');
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ revokedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });

    for (const token of [fromAdmin, fromCms, v1]) {
      const res = await visitor.get(`/api/preview/articles/1?token=${encodeURIComponent(token)}`);
      expect([res.status, res.body.message]).toEqual([404, 'Preview not found']);
    }
    // Another article's links are its own; a link made now (by the API or the CMS) works.
    expect(await opens(2, otherArticle)).toBe(200);
    expect(await opens(1, tokenOf((await admin.post('/api/admin/articles/1/preview-link')).body.url as string))).toBe(200);
    expect(await opens(1, tokenOf(previewLink(TEST_SECRET, TEST_ORIGIN, 1).url))).toBe(200);

    const entries = await t.testDb.db.select().from(auditLog).where(eq(auditLog.action, 'article.preview_links_revoked'));
    expect(entries.map((e) => e.details)).toEqual([{ articleId: 1 }]);
  });
});
