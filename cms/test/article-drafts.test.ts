import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { createLocalReq, restoreVersionOperation } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload } from './payload-test';

// Issue 36 #1–2: articles are Payload drafts and versions. The database is migrated to just before
// the drafts migration and filled as the CMS filled it then (a published article and an imported
// draft), so the migration is seen keeping each one's state; the rest runs on the migrated schema.
const MIGRATION = '20261127_113823_articles_drafts_and_versions';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload({ migratedUntil: MIGRATION });
});
afterAll(async () => ctx?.close());

const query = <T extends object>(text: string) => ctx.payload.db.pool.query<T>(text).then((r) => r.rows);
const richText = async (markdown: string) => convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: ctx.payload.config }), markdown });
/** What the site reads: the collection's documents as the API's read model asks for them. */
const published = async () => (await ctx.payload.find({ collection: 'articles', where: { _status: { equals: 'published' } }, sort: 'id', pagination: false, overrideAccess: true })).docs.map((d) => d.title);

describe('articles as drafts and versions', () => {
  it('migrates the published tick box to _status: a published article stays published, an imported draft stays a draft', async () => {
    await query(`
      insert into cms.categories (id, title, slug) values (1, 'Mindset', 'mindset');
      insert into cms.articles (id, title, category_id, publish_date, membership_required, content, published)
        values (1, 'Live article', 1, now(), 'free', '{}', true), (2, 'Imported draft', 1, now(), 'pro', '{}', false);
      select setval('cms.articles_id_seq', 2);`);
    await ctx.payload.db.migrate();
    expect(await query(`select id, _status::text as status from cms.articles order by id`)).toEqual([{ id: 1, status: 'published' }, { id: 2, status: 'draft' }]);
    expect(await query(`select column_name from information_schema.columns where table_schema = 'cms' and table_name = 'articles' and column_name = 'published'`)).toEqual([]);
    expect(await published()).toEqual(['Live article']);
  });

  it('keeps the published version on the site while a draft of an edit is saved, and signals only the publish', async () => {
    const doc = await ctx.payload.create({
      collection: 'articles',
      data: { title: 'Morning pages', category: 1, membershipRequired: 'free', publishDate: new Date().toISOString(), content: await richText('First version.'), _status: 'published' },
      overrideAccess: true,
    });
    const settle = () => new Promise((r) => setTimeout(r, 300));
    await settle();

    // "Save draft" and autosave: a new version, nothing on the site changes. The first draft over
    // the published version signals once (harmless: the site reads the same published version).
    await ctx.payload.update({ collection: 'articles', id: doc.id, data: { title: 'Morning pages, revised', content: await richText('Second version.') }, draft: true, overrideAccess: true });
    await settle();
    const before = ctx.signals.length;
    await ctx.payload.update({ collection: 'articles', id: doc.id, data: { title: 'Morning pages, revised again' }, draft: true, autosave: true, overrideAccess: true });
    await settle();
    expect(ctx.signals.length).toBe(before);
    const live = await ctx.payload.findByID({ collection: 'articles', id: doc.id, depth: 0, overrideAccess: true });
    expect([live.title, live._status, live.contentHtml]).toEqual(['Morning pages', 'published', expect.stringContaining('First version.')]);
    const draft = await ctx.payload.findByID({ collection: 'articles', id: doc.id, depth: 0, draft: true, overrideAccess: true });
    expect([draft.title, draft._status, draft.contentHtml]).toEqual(['Morning pages, revised again', 'draft', expect.stringContaining('Second version.')]);

    // Publishing the draft puts it live.
    await ctx.payload.update({ collection: 'articles', id: doc.id, data: { _status: 'published' }, overrideAccess: true });
    expect((await ctx.payload.findByID({ collection: 'articles', id: doc.id, depth: 0, overrideAccess: true })).title).toBe('Morning pages, revised again');
    expect((await ctx.waitForSignals(before + 1)).slice(before)).toEqual([{ collection: 'articles', operation: 'update', id: doc.id }]);

    // A new article saved as a draft is not on the site and signals nothing.
    const quiet = ctx.signals.length;
    await ctx.payload.create({ collection: 'articles', data: { title: 'Not yet', category: 1, membershipRequired: 'free', content: await richText('Soon.') }, draft: true, overrideAccess: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.signals.length).toBe(quiet);
    expect(await published()).not.toContain('Not yet');
  });

  it('keeps every save as a version (who and when), at most 50 per article, and restores one as the draft', async () => {
    const doc = await ctx.payload.create({ collection: 'articles', data: { title: 'Version 0', category: 1, membershipRequired: 'free', publishDate: new Date().toISOString(), content: await richText('Body.'), _status: 'published' }, overrideAccess: true });
    for (let i = 1; i <= 55; i++) await ctx.payload.update({ collection: 'articles', id: doc.id, data: { title: `Version ${i}` }, draft: true, overrideAccess: true });
    const versions = await ctx.payload.findVersions({ collection: 'articles', where: { parent: { equals: doc.id } }, sort: '-updatedAt', limit: 100, overrideAccess: true });
    expect(versions.totalDocs).toBe(50);
    expect(versions.docs[0]!.version.title).toBe('Version 55');
    expect((await ctx.payload.findByID({ collection: 'articles', id: doc.id, depth: 0, overrideAccess: true })).title).toBe('Version 0');

    const older = versions.docs.find((v) => v.version.title === 'Version 10')!;
    // The admin's "Restore as draft" (the local API has no draft option): POST /cms/api/articles/versions/:id?draft=true.
    const req = await createLocalReq({}, ctx.payload);
    await restoreVersionOperation({ collection: ctx.payload.collections.articles, id: String(older.id), draft: true, overrideAccess: true, req });
    const draft = await ctx.payload.findByID({ collection: 'articles', id: doc.id, depth: 0, draft: true, overrideAccess: true });
    expect([draft.title, draft._status]).toEqual(['Version 10', 'draft']);
    // The site still reads the published version until the restored draft is published.
    expect((await ctx.payload.findByID({ collection: 'articles', id: doc.id, depth: 0, overrideAccess: true })).title).toBe('Version 0');
  });

  it('unschedules: a scheduled article moved to a later time, then unpublished, signals each change and leaves what the site reads', async () => {
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    const doc = await ctx.payload.create({ collection: 'articles', data: { title: 'Monday 9:00', category: 1, membershipRequired: 'free', publishDate: later(3), content: await richText('Soon.'), _status: 'published' }, overrideAccess: true });
    expect(doc.onTheSite).toMatch(/^Scheduled for /);
    await new Promise((r) => setTimeout(r, 300));
    const before = ctx.signals.length;
    // Each change moves the time the API's scheduled-publishing job waits for, so each signals.
    await ctx.payload.update({ collection: 'articles', id: doc.id, data: { publishDate: later(7) }, overrideAccess: true });
    await ctx.waitForSignals(before + 1);
    const unpublished = await ctx.payload.update({ collection: 'articles', id: doc.id, data: { _status: 'draft' }, overrideAccess: true });
    expect((await ctx.waitForSignals(before + 2)).slice(before)).toEqual([
      { collection: 'articles', operation: 'update', id: doc.id },
      { collection: 'articles', operation: 'update', id: doc.id },
    ]);
    expect(unpublished.onTheSite).toBe('Draft');
    expect(await published()).not.toContain('Monday 9:00');
  });
});
