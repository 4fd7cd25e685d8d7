import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload } from './payload-test';

// Issue 47 #8, DESIGN §7.26: "Create New" saved an empty, untitled draft the moment it opened
// (Payload does so for collections with autosave unless drafts are validated), and every reader of
// CMS data then met an article without a title. Drafts are validated now: none is ever untitled,
// while a draft may still wait for its category and body until it is published.
let ctx: Awaited<ReturnType<typeof startPayload>>;
let contributor: { id: number; role: string; collection: 'users' };
beforeAll(async () => {
  ctx = await startPayload();
  const user = await ctx.payload.create({ collection: 'users', data: { email: 'drafting@example.com', password: 'a-long-password-1', role: 'contributor' }, overrideAccess: true });
  contributor = { id: user.id, role: 'contributor', collection: 'users' };
});
afterAll(async () => ctx?.close());

const count = async () => (await ctx.payload.count({ collection: 'articles', overrideAccess: true })).totalDocs;

describe('a draft article', () => {
  it('is never saved empty, as "Create New" saved one when it opened', async () => {
    const before = await count();
    // What Payload's create view does on opening for a collection whose drafts are not validated.
    await expect(ctx.payload.create({ collection: 'articles', data: {}, draft: true, user: contributor, overrideAccess: false })).rejects.toThrow(/Title/);
    await expect(ctx.payload.create({ collection: 'articles', data: { title: '' }, draft: true, user: contributor, overrideAccess: false })).rejects.toThrow(/Title/);
    expect(await count()).toBe(before);
  });

  it('needs only its title; its category and body are asked for when it is published', async () => {
    const draft = await ctx.payload.create({ collection: 'articles', data: { title: 'Just an idea' }, draft: true, user: contributor, overrideAccess: false });
    expect([draft.title, draft._status]).toEqual(['Just an idea', 'draft']);
    // Autosave over it keeps working while the body is still empty; emptying the title is refused.
    await ctx.payload.update({ collection: 'articles', id: draft.id, data: { excerpt: 'Soon.' }, draft: true, autosave: true, user: contributor, overrideAccess: false });
    await expect(ctx.payload.update({ collection: 'articles', id: draft.id, data: { title: '' }, draft: true, autosave: true, user: contributor, overrideAccess: false })).rejects.toThrow(/Title/);
    await expect(ctx.payload.update({ collection: 'articles', id: draft.id, data: { _status: 'published' }, overrideAccess: true })).rejects.toThrow(/Category|Content/);

    const category = await ctx.payload.create({ collection: 'categories', data: { slug: 'ideas', title: 'Ideas' }, overrideAccess: true });
    const content = await convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: ctx.payload.config }), markdown: 'Now with words.' });
    const live = await ctx.payload.update({ collection: 'articles', id: draft.id, data: { category: category.id, content, _status: 'published' }, overrideAccess: true });
    expect([live._status, live.contentHtml]).toEqual(['published', expect.stringContaining('Now with words.')]);
  });
});
