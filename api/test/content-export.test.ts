import { and, eq } from 'drizzle-orm';
import { lexicalEditorState, lexicalParagraph, lexicalText, type CmsArticle, type ContentRecords } from '@app/shared/server';
import type { ArticleImport } from '@app/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzip } from '@app/test-support/unzip';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import { auditLog, users } from '../src/db/schema/index.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { startFakeCms } from './fake-cms.ts';
import { article, sampleRecords } from './fixtures.ts';
import { BODY, said } from './rich-body.ts';
import { startTestApp, TEST_ORIGIN, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';

// Issue 39 #3: all content as a ZIP of Markdown files with our front matter and the media files,
// which our own importer takes back without loss — exported from one site and imported into an
// empty one, through both sites' HTTP APIs (each CMS a fake speaking Payload's REST).

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4" fill="#4f46e5"/></svg>');
const FILES: Record<string, Buffer> = { 'mornings.png': PNG, 'desk.png': Buffer.concat([PNG, Buffer.from([0])]), 'plan.svg': SVG, 'evening.svg': SVG };

const categories = [
  { id: 1, slug: 'self-help-personal-development', title: 'Self-Help & Personal Development', description: 'd', icon: 'sprout', colour: '#4f46e5' },
  // A slug that is not the title's: the import must keep it.
  { id: 2, slug: 'money', title: 'Financial Insight', description: 'd', icon: 'wallet', colour: '#059669' },
];
const stored = (id: number, extra: Record<string, unknown>) => article(id, 'free', extra as Partial<CmsArticle>) as CmsArticle & Record<string, unknown>;
const ARTICLES = [
  stored(1, { title: 'Mornings: a field guide', category: categories[0], membershipRequired: 'pro', publishDate: '2025-03-04T08:30:00.000Z', _status: 'published', author: 'Ada Writer', excerpt: 'Start on purpose.', tags: ['habits'], thumbnail: { id: 3, filename: 'mornings.png', alt: 'Sunrise' }, content: lexicalEditorState(BODY) }),
  stored(2, { title: 'Budget in ten minutes', category: categories[1], membershipRequired: 'vip', publishDate: '2024-11-30T18:00:00.000Z', _status: 'published', excerpt: 'Three numbers.', tags: [], thumbnail: { id: 4, filename: 'evening.svg', alt: 'Evening' }, content: lexicalEditorState([lexicalParagraph([lexicalText('Write three numbers down.')])]) }),
  stored(3, { title: 'A draft about sleep', category: categories[0], membershipRequired: 'free', publishDate: '2026-12-01T07:00:00.000Z', _status: 'draft', excerpt: 'Not yet.', thumbnail: null, content: lexicalEditorState([lexicalParagraph([lexicalText('Unfinished.')])]) }),
];

let source: Awaited<ReturnType<typeof startFakeCms>>;
let empty: Awaited<ReturnType<typeof startFakeCms>>;
let dbs: Awaited<ReturnType<typeof createTestDatabase>>[] = [];
let from: Awaited<ReturnType<typeof startTestApp>>;
let into: Awaited<ReturnType<typeof startTestApp>>;

async function signIn(app: { base: string }, db: (typeof dbs)[number], username: string, opts: { admin?: boolean } = {}) {
  await ensureAccount(db.db, { username, email: `${username}@example.com`, password: 'pass-word-1', admin: opts.admin ?? false });
  const c = browserClient(app.base);
  if (opts.admin) await signInStaff(c, username, 'pass-word-1');
  else expect((await c.post('/api/login', { username, password: 'pass-word-1' })).status).toBe(200);
  return [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

beforeAll(async () => {
  dbs = [await createTestDatabase(), await createTestDatabase()];
  const records: ContentRecords = { ...sampleRecords(), categories, articles: ARTICLES };
  source = await startFakeCms(records, TEST_SECRET);
  for (const [name, data] of Object.entries(FILES)) source.setMediaFile(name, data);
  empty = await startFakeCms({ ...sampleRecords(), categories: [], articles: [] }, TEST_SECRET);
  from = await startTestApp({ db: dbs[0]!.db, source: createCmsContentSource(source.url, TEST_SECRET), cmsUrl: source.url });
  into = await startTestApp({ db: dbs[1]!.db, source: createCmsContentSource(empty.url, TEST_SECRET), cmsUrl: empty.url });
});
afterAll(async () => {
  await from?.close();
  await into?.close();
  await source?.close();
  await empty?.close();
  for (const db of dbs) await db.drop();
});

describe('the content export', () => {
  it('is refused to visitors (401), members and moderators (403)', async () => {
    const url = `${from.base}/api/admin/export/content.zip`;
    expect((await fetch(url)).status).toBe(401);
    const member = await signIn(from, dbs[0]!, 'ce_member');
    expect((await fetch(url, { headers: { cookie: member } })).status).toBe(403);
    await signIn(from, dbs[0]!, 'ce_mod');
    await dbs[0]!.db.update(users).set({ role: 'moderator' }).where(eq(users.username, 'ce_mod'));
    expect((await fetch(url, { headers: { cookie: await signIn(from, dbs[0]!, 'ce_mod') } })).status).toBe(403);
  });

  it('is a ZIP of one Markdown file per article with our front matter, and the media files at their /media/ paths, recorded in the audit log', async () => {
    const admin = await signIn(from, dbs[0]!, 'ce_admin', { admin: true });
    const res = await fetch(`${from.base}/api/admin/export/content.zip`, { headers: { cookie: admin } });
    const day = new Date().toISOString().slice(0, 10);
    expect([res.status, res.headers.get('content-type'), res.headers.get('content-disposition'), res.headers.get('cache-control')]).toEqual([200, 'application/zip', `attachment; filename="content-${day}.zip"`, 'private, no-store']);
    const files = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...files.keys()].sort()).toEqual([
      'articles/a-draft-about-sleep.md',
      'articles/budget-in-ten-minutes.md',
      'articles/mornings-a-field-guide.md',
      'media/desk.png',
      'media/evening.svg',
      'media/mornings.png',
      'media/plan.svg',
    ]);
    for (const [name, data] of Object.entries(FILES)) expect(files.get(`media/${name}`)!.equals(data), name).toBe(true);
    const budget = files.get('articles/budget-in-ten-minutes.md')!.toString();
    expect(budget).toMatch(/^---\ntitle: Budget in ten minutes\nslug: budget-in-ten-minutes\ncategory: Financial Insight\ncategorySlug: money\nmembershipRequired: vip\npublishDate: '2024-11-30T18:00:00.000Z'\n/);
    expect(budget).toContain('thumbnail: /media/evening.svg\n');
    expect(budget.endsWith('---\n\nWrite three numbers down.\n')).toBe(true);
    expect(files.get('articles/a-draft-about-sleep.md')!.toString()).toContain('\ndraft: true\n');
    const [entry] = await dbs[0]!.db.select().from(auditLog).where(and(eq(auditLog.action, 'content.exported')));
    expect(entry).toMatchObject({ details: {} });
  });

  it('imported into an empty site gives the same articles, categories, dates, tiers, bodies and pictures', async () => {
    const exported = Buffer.from(await (await fetch(`${from.base}/api/admin/export/content.zip`, { headers: { cookie: await signIn(from, dbs[0]!, 'ce_admin2', { admin: true }) } })).arrayBuffer());
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(exported)], { type: 'application/zip' }), 'content.zip');
    const res = await fetch(`${into.base}/api/admin/articles/upload`, { method: 'POST', body: form, headers: { cookie: await signIn(into, dbs[1]!, 'ce_importer', { admin: true }), origin: TEST_ORIGIN } });
    const result = (await res.json()) as { articlesImported: number; errors: unknown[]; skipped: unknown[]; warnings?: unknown };
    expect(res.status).toBe(200);
    expect(result).toMatchObject({ articlesImported: 3, errors: [], skipped: [] });

    const imported = empty.imported as unknown as ArticleImport[];
    const byTitle = new Map(imported.map((a) => [a.title, a]));
    for (const original of ARTICLES) {
      const title = original.title!;
      const a = byTitle.get(title)!;
      const category = original.category as (typeof categories)[number];
      expect(a, title).toMatchObject({
        category: category.slug,
        categoryTitle: category.title,
        membershipRequired: original.membershipRequired,
        published: original._status !== 'draft',
        excerpt: original.excerpt,
      });
      expect(new Date(a.publishDate!).toISOString()).toBe(original.publishDate);
      expect(a.tags ?? []).toEqual(original.tags ?? []);
      expect(a.author ?? null).toBe((original.author as string | null) ?? null);
      const thumbnail = original.thumbnail as { filename: string } | null;
      if (thumbnail) expect(Buffer.from(a.thumbnail!.base64, 'base64').equals(FILES[thumbnail.filename]!), title).toBe(true);
      else expect(a.thumbnail ?? null).toBeNull();
      const pictures = (a.pictures ?? []).map((p, i) => ({ src: `/media/${['desk.png', 'plan.svg'][i]}`, bytes: Buffer.from(p.base64, 'base64') }));
      expect(said(a.content.root.children as unknown[], pictures), title).toEqual(said((original.content as { root: { children: unknown[] } }).root.children));
      for (const p of pictures) expect(p.bytes.equals(FILES[p.src.slice('/media/'.length)]!)).toBe(true);
    }
    // The categories the empty site now has: the same slugs and titles.
    expect(empty.records().categories.map((c) => [c.slug, c.title]).sort()).toEqual(categories.map((c) => [c.slug, c.title]).sort());
  });

  it('answers 503 with the error shape, and sends no file, when the CMS cannot be reached', async () => {
    const admin = await signIn(from, dbs[0]!, 'ce_admin3', { admin: true });
    source.setUp(false);
    try {
      const res = await fetch(`${from.base}/api/admin/export/content.zip`, { headers: { cookie: admin } });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: 'The CMS could not be reached. Please try again.', code: 'unavailable' });
    } finally {
      source.setUp(true);
    }
  });
});

// Issue 47 #8: drafts as the CMS keeps them while an editor works — saved before a title was
// typed, or with no body yet — are exported and imported back as the same drafts.
describe('drafts with missing fields', () => {
  const DRAFTS = [
    // "Create New", a body typed, no title yet.
    stored(4, { title: null, category: categories[0], membershipRequired: 'pro', publishDate: '2026-05-01T09:00:00.000Z', _status: 'draft', excerpt: null, thumbnail: null, content: lexicalEditorState([lexicalParagraph([lexicalText('Half a thought.')])]) }),
    // A title, nothing else written yet.
    stored(5, { title: 'Notes for later', category: categories[1], membershipRequired: 'free', publishDate: '2026-05-02T09:00:00.000Z', _status: 'draft', excerpt: null, thumbnail: null, content: null, contentHtml: null }),
    // Neither a title nor a body.
    stored(6, { title: null, category: categories[0], membershipRequired: 'free', publishDate: '2026-05-03T09:00:00.000Z', _status: 'draft', excerpt: null, thumbnail: null, content: { root: { type: 'root', children: [] } }, contentHtml: null }),
    // Written, its category not chosen yet.
    stored(7, { title: 'No shelf yet', category: null, membershipRequired: 'vip', publishDate: '2026-05-04T09:00:00.000Z', _status: 'draft', excerpt: null, thumbnail: null, content: lexicalEditorState([lexicalParagraph([lexicalText('Where does this go?')])]) }),
  ];

  it('export, and import back into an empty site as the same drafts: untitled ones untitled, empty ones empty, one without a category without one', async () => {
    source.set({ ...sampleRecords(), categories, articles: DRAFTS });
    empty.set({ ...sampleRecords(), categories: [], articles: [] });
    empty.imported.length = 0;
    const res = await fetch(`${from.base}/api/admin/export/content.zip`, { headers: { cookie: await signIn(from, dbs[0]!, 'ce_admin4', { admin: true }) } });
    expect(res.status).toBe(200);
    const exported = Buffer.from(await res.arrayBuffer());
    expect([...(await unzip(exported)).keys()].sort()).toEqual(['articles/article-4.md', 'articles/article-6.md', 'articles/no-shelf-yet.md', 'articles/notes-for-later.md']);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(exported)], { type: 'application/zip' }), 'content.zip');
    const upload = await fetch(`${into.base}/api/admin/articles/upload`, { method: 'POST', body: form, headers: { cookie: await signIn(into, dbs[1]!, 'ce_importer2', { admin: true }), origin: TEST_ORIGIN } });
    expect(upload.status).toBe(200);
    expect(await upload.json()).toMatchObject({ articlesImported: 4, errors: [], skipped: [] });

    const bodyOf = (content: unknown) => said((content as { root: { children: unknown[] } } | null)?.root.children ?? []);
    const imported = (empty.imported as unknown as ArticleImport[]).sort((a, b) => a.publishDate!.localeCompare(b.publishDate!));
    expect(imported.map((a) => ({ title: a.title, published: a.published, category: a.category, membershipRequired: a.membershipRequired, publishDate: new Date(a.publishDate!).toISOString(), excerpt: a.excerpt ?? null, body: bodyOf(a.content) }))).toEqual(
      DRAFTS.map((d) => ({ title: d.title ?? '', published: false, category: (d.category as (typeof categories)[number] | null)?.slug, membershipRequired: d.membershipRequired, publishDate: d.publishDate, excerpt: null, body: bodyOf(d.content) })),
    );
  });
});
