import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload } from './payload-test';

// Issue 36 #5: contributors write their own drafts and submit them; only editors and admins
// publish. Through Payload with each user's own access (overrideAccess: false), as REST runs it.
let ctx: Awaited<ReturnType<typeof startPayload>>;
let payload: Payload;
let category: number;
const users: Record<'contributor' | 'other' | 'editor', { id: number; role: string; collection: 'users' }> = {} as never;
beforeAll(async () => {
  ctx = await startPayload();
  payload = ctx.payload;
  category = (await payload.create({ collection: 'categories', data: { slug: 'roles', title: 'Roles' }, overrideAccess: true })).id;
  for (const [key, role] of [['contributor', 'contributor'], ['other', 'contributor'], ['editor', 'editor']] as const) {
    const user = await payload.create({ collection: 'users', data: { email: `${key}@roles.example`, password: 'role-pass-123', role }, overrideAccess: true });
    users[key] = { id: user.id, role, collection: 'users' };
  }
});
afterAll(async () => ctx?.close());

const as = (who: keyof typeof users) => ({ user: users[who], overrideAccess: false as const });
const body = async (text: string) => convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: payload.config }), markdown: text });
const draftData = async (title: string) => ({ title, category, membershipRequired: 'free' as const, publishDate: new Date().toISOString(), content: await body('Words.') });

describe('editorial roles', () => {
  it('let a contributor write and edit their own drafts and submit them, but never publish', async () => {
    const mine = await payload.create({ collection: 'articles', data: { ...(await draftData('A contributor’s draft')), _status: 'draft' }, draft: true, ...as('contributor') });
    expect(mine.owner).toMatchObject({ id: users.contributor.id });
    const submitted = await payload.update({ collection: 'articles', id: mine.id, data: { title: 'A contributor’s draft, ready', reviewRequested: true }, draft: true, ...as('contributor') });
    expect(submitted.reviewRequested).toBe(true);
    // Publishing — a save, or a create that asks for it — is refused; so is another contributor's edit.
    await expect(payload.update({ collection: 'articles', id: mine.id, data: { _status: 'published' }, ...as('contributor') })).rejects.toThrow(/not allowed|forbidden/i);
    await expect(payload.create({ collection: 'articles', data: { ...(await draftData('Straight to the site')), _status: 'published' }, ...as('contributor') })).rejects.toThrow(/not allowed|forbidden/i);
    await expect(payload.update({ collection: 'articles', id: mine.id, data: { title: 'Taken over' }, draft: true, ...as('other') })).rejects.toThrow(/not found|not allowed/i);
    await expect(payload.delete({ collection: 'articles', id: mine.id, ...as('other') })).rejects.toThrow(/not found|not allowed/i);
    expect((await payload.findByID({ collection: 'articles', id: mine.id, overrideAccess: true })).title).toBe('A contributor’s draft');

    // The review list: editors find it, publish it, and it leaves the list.
    const review = await payload.find({ collection: 'articles', where: { reviewRequested: { equals: true } }, draft: true, ...as('editor') });
    expect(review.docs.map((d) => d.id)).toContain(mine.id);
    const live = await payload.update({ collection: 'articles', id: mine.id, data: { _status: 'published' }, ...as('editor') });
    expect([live._status, live.reviewRequested, live.title]).toEqual(['published', false, 'A contributor’s draft, ready']);
    // Once live, the contributor's edits are drafts again; they cannot unpublish or delete it.
    await expect(payload.delete({ collection: 'articles', id: mine.id, ...as('contributor') })).rejects.toThrow(/not found|not allowed/i);
  });

  it('let an editor publish, schedule and delete any article', async () => {
    const theirs = await payload.create({ collection: 'articles', data: { ...(await draftData('Someone else’s')), _status: 'draft' }, draft: true, ...as('other') });
    const scheduled = await payload.update({ collection: 'articles', id: theirs.id, data: { _status: 'published', publishDate: new Date(Date.now() + 86_400_000).toISOString() }, ...as('editor') });
    expect(scheduled.onTheSite).toMatch(/^Scheduled for /);
    await payload.delete({ collection: 'articles', id: theirs.id, ...as('editor') });
  });

  it('keep contributors to articles: the other collections go live when saved, so only editors write them; only CMS admins change the site settings', async () => {
    const video = { title: 'A contributor’s video', videoUrl: 'https://www.youtube.com/watch?v=abcdefghijk', publishDate: new Date().toISOString(), membershipRequired: 'free' as const };
    await expect(payload.create({ collection: 'videos', data: video, draft: true, ...as('contributor') })).rejects.toThrow(/not allowed/i);
    await expect(payload.create({ collection: 'products', data: { name: 'Mug', price: 100, category: 'Home' }, draft: true, ...as('contributor') })).rejects.toThrow(/not allowed/i);
    await expect(payload.create({ collection: 'categories', data: { slug: 'mine', title: 'Mine' }, ...as('contributor') })).rejects.toThrow(/not allowed/i);
    await expect(payload.update({ collection: 'categories', id: category, data: { title: 'Renamed' }, ...as('contributor') })).rejects.toThrow(/not allowed/i);
    await expect(payload.updateGlobal({ slug: 'site-settings', data: { siteName: 'Mine' }, ...as('contributor') })).rejects.toThrow(/not allowed/i);
    await expect(payload.updateGlobal({ slug: 'site-settings', data: { siteName: 'Theirs' }, ...as('editor') })).rejects.toThrow(/not allowed/i);
    expect((await payload.create({ collection: 'videos', data: { ...video, _status: 'published' }, ...as('editor') }))._status).toBe('published');
  });
});
