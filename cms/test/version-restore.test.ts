import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { totpCode } from '@app/test-support/second-factor';
import { handleEndpoints, type CollectionSlug } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveAuthenticator } from '../src/auth/second-factor';
import { startPayload } from './payload-test';

// Issue 47 #7, DESIGN §7.26: the admin's "Restore this version" (POST /cms/api/<collection>/versions/:id,
// without ?draft=true) made a restored autosave the live document as a draft, and the article left
// the site. A restore makes the version the draft; the published version stays until someone publishes.
let ctx: Awaited<ReturnType<typeof startPayload>>;
let token: string;
let category: number;
const ORIGIN = 'http://localhost:3000';
/** The editor's authenticator: a password alone opens no session (issue 52 #3). */
const AUTHENTICATOR = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
beforeAll(async () => {
  delete process.env.API_URL;
  ctx = await startPayload();
  category = (await ctx.payload.create({ collection: 'categories', data: { slug: 'restores', title: 'Restores' }, overrideAccess: true })).id;
  const editor = await ctx.payload.create({ collection: 'users', data: { email: 'restoring.editor@example.com', password: 'a-long-password-1', role: 'editor' }, overrideAccess: true });
  await giveAuthenticator(ctx.payload, editor.id, AUTHENTICATOR);
  const login = await handleEndpoints({
    config: ctx.payload.config,
    path: '/cms/api/users/login',
    request: new Request(`${ORIGIN}/cms/api/users/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body: JSON.stringify({ email: 'restoring.editor@example.com', password: 'a-long-password-1', code: totpCode(AUTHENTICATOR) }) }),
  });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => ctx?.close());

/** The admin's button, as it sends it (`?draft=false` unless "Restore as draft" was chosen). */
const restore = (collection: string, versionId: string | number, query = '?draft=false') =>
  handleEndpoints({
    config: ctx.payload.config,
    path: `/cms/api/${collection}/versions/${versionId}`,
    request: new Request(`${ORIGIN}/cms/api/${collection}/versions/${versionId}${query}`, { method: 'POST', headers: { authorization: `JWT ${token}`, origin: ORIGIN } }),
  });
const richText = async (markdown: string) => convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: ctx.payload.config }), markdown });
const youtube = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const cases: Array<{ collection: CollectionSlug; field: string; value: (s: string) => string; data: () => Promise<Record<string, unknown>> }> = [
  { collection: 'articles', field: 'title', value: (s) => `Article ${s}`, data: async () => ({ category, membershipRequired: 'free', publishDate: new Date().toISOString(), content: await richText('Body.') }) },
  { collection: 'videos', field: 'title', value: (s) => `Video ${s}`, data: async () => ({ videoUrl: youtube('bcdefghijkl'), publishDate: new Date().toISOString(), membershipRequired: 'free' }) },
  { collection: 'products', field: 'name', value: (s) => `Mug ${s}`, data: async () => ({ price: 2499, category: 'Home' }) },
  { collection: 'quiz-questions', field: 'question', value: (s) => `Question ${s}?`, data: async () => ({ options: ['A', 'B', 'C', 'D'].map((text) => ({ text })), correctAnswer: 1 }) },
  { collection: 'scramble-words', field: 'word', value: (s) => `GARDEN${s.replace(/\d/g, (d) => 'ABCDEFGHIJ'[Number(d)]!)}`.toUpperCase(), data: async () => ({}) },
  { collection: 'study-resources', field: 'title', value: (s) => `Study ${s}`, data: async () => ({ description: 'A study.', videoUrl: youtube('cdefghijklm') }) },
  { collection: 'backyard-articles', field: 'title', value: (s) => `Backyard ${s}`, data: async () => ({ summary: 'Outside.', content: await richText('Dig a bed.') }) },
];

describe('restoring a version', () => {
  for (const { collection, field, value, data } of cases) {
    it(`${collection}: "Restore this version" makes the version the draft and leaves the published one on the site`, async () => {
      const doc = await ctx.payload.create({ collection, data: { ...(await data()), [field]: value('v1'), _status: 'published' } as never, overrideAccess: true });
      await ctx.payload.update({ collection, id: doc.id, data: { [field]: value('v2') } as never, draft: true, autosave: true, overrideAccess: true });
      await ctx.payload.update({ collection, id: doc.id, data: { [field]: value('v3') } as never, draft: true, autosave: false, overrideAccess: true });
      const versions = await ctx.payload.findVersions({ collection, where: { parent: { equals: doc.id } }, sort: 'createdAt', overrideAccess: true });
      const [published, autosaved] = versions.docs;
      expect((autosaved!.version as unknown as Record<string, unknown>)[field]).toBe(value('v2'));

      // An autosaved draft, then the published version itself: each becomes the draft.
      for (const [version, expected] of [[autosaved!, value('v2')], [published!, value('v1')]] as const) {
        const res = await restore(collection, version.id);
        expect(res.status).toBe(200);
        const live = (await ctx.payload.findByID({ collection, id: doc.id, depth: 0, overrideAccess: true })) as unknown as Record<string, unknown>;
        expect([live[field], live._status]).toEqual([value('v1'), 'published']);
        const draft = (await ctx.payload.findByID({ collection, id: doc.id, depth: 0, draft: true, overrideAccess: true })) as unknown as Record<string, unknown>;
        expect([draft[field], draft._status]).toEqual([expected, 'draft']);
      }
      const onTheSite = await ctx.payload.find({ collection, where: { and: [{ id: { equals: doc.id } }, { _status: { equals: 'published' } }] }, depth: 0, overrideAccess: true });
      expect(onTheSite.totalDocs).toBe(1);
    });
  }
});
