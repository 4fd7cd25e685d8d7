import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import type { CollectionSlug } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload } from './payload-test';

// Issue 36 #1: videos, products and the activity collections are drafts and versions like articles.
// The database is migrated to just before their migration and filled as the CMS filled it then, so
// the migration is seen keeping every document on the site; the rest runs on the migrated schema.
const MIGRATION = '20261127_145753_drafts_on_every_collection';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload({ migratedUntil: MIGRATION });
});
afterAll(async () => ctx?.close());

const query = <T extends object>(text: string) => ctx.payload.db.pool.query<T>(text).then((r) => r.rows);
/** What the site reads of a collection: its published documents, as the API's read model asks. */
const live = async (collection: CollectionSlug, field: string) =>
  (await ctx.payload.find({ collection, where: { _status: { equals: 'published' } }, sort: 'id', pagination: false, depth: 0, overrideAccess: true })).docs.map((d) => (d as unknown as Record<string, unknown>)[field]);
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('drafts on videos, products and the activity collections', () => {
  it('migrates every document already there to published', async () => {
    await query(`
      insert into cms.videos (title, video_url, publish_date, membership_required) values ('Old video', 'https://www.youtube.com/watch?v=abcdefghijk', now(), 'free');
      insert into cms.products (name, price, category) values ('Old mug', 1200, 'Home');
      insert into cms.scramble_words (word) values ('GARDEN');
      insert into cms.study_resources (title, description, video_url) values ('Old study', 'Read it.', 'https://www.youtube.com/watch?v=abcdefghijk');`);
    await ctx.payload.db.migrate();
    for (const table of ['videos', 'products', 'scramble_words', 'study_resources']) {
      expect(await query(`select _status::text as status from cms.${table}`), table).toEqual([{ status: 'published' }]);
    }
    expect(await live('videos', 'title')).toEqual(['Old video']);
    expect(await live('products', 'name')).toEqual(['Old mug']);
  });

  const richText = async (markdown: string) => convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: ctx.payload.config }), markdown });
  const cases: Array<{ collection: CollectionSlug; field: string; data: () => Promise<Record<string, unknown>> }> = [
    { collection: 'videos', field: 'title', data: async () => ({ videoUrl: 'https://www.youtube.com/watch?v=bcdefghijkl', publishDate: new Date().toISOString(), membershipRequired: 'free' }) },
    { collection: 'products', field: 'name', data: async () => ({ price: 2499, category: 'Books' }) },
    { collection: 'quiz-questions', field: 'question', data: async () => ({ options: ['A', 'B', 'C', 'D'].map((text) => ({ text })), correctAnswer: 1 }) },
    { collection: 'study-resources', field: 'title', data: async () => ({ description: 'A study.', videoUrl: 'https://www.youtube.com/watch?v=cdefghijklm' }) },
    { collection: 'backyard-articles', field: 'title', data: async () => ({ summary: 'Outside.', content: await richText('Dig a bed.') }) },
  ];

  for (const { collection, field, data } of cases) {
    it(`${collection}: a draft over a live document leaves the site as it was until it is published; a new draft stays off the site`, async () => {
      const name = (s: string) => `${collection} ${s}`;
      const doc = await ctx.payload.create({ collection, data: { ...(await data()), [field]: name('v1'), _status: 'published' } as never, overrideAccess: true });
      await settle();
      const before = ctx.signals.length;
      await ctx.payload.update({ collection, id: doc.id, data: { [field]: name('v2') } as never, draft: true, overrideAccess: true });
      await ctx.payload.update({ collection, id: doc.id, data: { [field]: name('v3') } as never, draft: true, autosave: true, overrideAccess: true });
      expect(await live(collection, field)).toContain(name('v1'));
      expect(await live(collection, field)).not.toContain(name('v3'));
      const versions = await ctx.payload.findVersions({ collection, where: { parent: { equals: doc.id } }, overrideAccess: true });
      expect(versions.totalDocs).toBeGreaterThanOrEqual(2);

      // The first draft over a live document signals once (harmless: the site reads the same
      // version); the publish signals a rebuild.
      await ctx.waitForSignals(before + 1);
      const drafted = ctx.signals.length;
      await ctx.payload.update({ collection, id: doc.id, data: { _status: 'published' } as never, overrideAccess: true });
      expect(await live(collection, field)).toContain(name('v3'));
      expect((await ctx.waitForSignals(drafted + 1)).slice(drafted)).toEqual([{ collection, operation: 'update', id: doc.id }]);
      await settle();

      const quiet = ctx.signals.length;
      await ctx.payload.create({ collection, data: { ...(await data()), [field]: name('not yet') } as never, draft: true, overrideAccess: true });
      await settle();
      expect(ctx.signals.length).toBe(quiet);
      expect(await live(collection, field)).not.toContain(name('not yet'));
    });
  }
});
