/**
 * Issue 36's figure: what 1,000 autosaves of one article leave in the versions table, and what
 * 60 "Save draft"s leave (Payload keeps 50 per article). On a scratch database:
 * `cd cms && DATABASE_URL=postgres://…/scratch PAYLOAD_SECRET=x ../scripts/node.sh npx payload run src/scripts/measure-versions.ts`
 */
import config from '@payload-config';
import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { getPayload } from 'payload';

const payload = await getPayload({ config });
await payload.db.migrate();
const context = { skipNotify: true };
const pool = (payload.db as unknown as { pool: { query<T>(q: string, v?: unknown[]): Promise<{ rows: T[] }> } }).pool;
const content = convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: payload.config }), markdown: 'A paragraph that an editor keeps changing. '.repeat(40) });
const category = await payload.create({ collection: 'categories', data: { slug: `versions-${Date.now()}`, title: 'Versions' }, overrideAccess: true, context });
const doc = await payload.create({ collection: 'articles', data: { title: 'Autosaved', category: category.id, membershipRequired: 'free', publishDate: new Date().toISOString(), content, _status: 'published' }, overrideAccess: true, context });

const measure = async (label: string) => {
  const [row] = (await pool.query<{ versions: string; bytes: string }>(`select count(*) as versions, (select pg_total_relation_size('cms._articles_v')) as bytes from cms._articles_v where parent_id = $1`, [doc.id])).rows;
  console.log(`versions: ${label}: ${row!.versions} version rows for the article; cms._articles_v ${(Number(row!.bytes) / 1024).toFixed(0)} KB`);
};
await measure('after publishing');
let started = performance.now();
for (let i = 1; i <= 1000; i++) await payload.update({ collection: 'articles', id: doc.id, data: { title: `Autosaved ${i}` }, draft: true, autosave: true, overrideAccess: true, context });
console.log(`versions: 1,000 autosaves in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await measure('after 1,000 autosaves');
started = performance.now();
for (let i = 1; i <= 60; i++) await payload.update({ collection: 'articles', id: doc.id, data: { title: `Saved draft ${i}` }, draft: true, overrideAccess: true, context });
console.log(`versions: 60 saved drafts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
await measure('after 60 saved drafts');
await payload.delete({ collection: 'articles', id: doc.id, overrideAccess: true, context });
await payload.delete({ collection: 'categories', id: category.id, overrideAccess: true, context });
process.exit(0);
