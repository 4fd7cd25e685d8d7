import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import type { Payload } from 'payload';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReviewQueueNotice } from '../src/components/review-queue-notice';
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
    const user = await payload.create({ collection: 'users', data: { email: `${key}@roles.example`, name: `The ${key}`, password: 'role-pass-123', role }, overrideAccess: true });
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

  // Issue 47 #2: a contributor set an editor-published article back to draft (PATCH {_status:'draft'}
  // without ?draft=true writes the live document), then deleted it with its history.
  it('leave a published article’s status and times to editors, and let a contributor delete only what was never published', async () => {
    const refused = /Only editors publish, unpublish or reschedule/;
    const mine = await payload.create({ collection: 'articles', data: { ...(await draftData('Going live')), _status: 'draft' }, draft: true, ...as('contributor') });
    await payload.update({ collection: 'articles', id: mine.id, data: { _status: 'published' }, ...as('editor') });
    const live = async () => payload.findByID({ collection: 'articles', id: mine.id, depth: 0, overrideAccess: true });
    const publishDate = (await live()).publishDate;

    await expect(payload.update({ collection: 'articles', id: mine.id, data: { _status: 'draft' }, ...as('contributor') })).rejects.toThrow(refused);
    await expect(payload.update({ collection: 'articles', id: mine.id, data: { title: 'Straight onto the site' }, ...as('contributor') })).rejects.toThrow(refused);
    await expect(payload.update({ collection: 'articles', where: { id: { equals: mine.id } }, data: { _status: 'draft' }, ...as('contributor') })).rejects.toThrow(refused);
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString();
    await expect(payload.update({ collection: 'articles', id: mine.id, data: { publishDate: later }, draft: true, ...as('contributor') })).rejects.toThrow(refused);
    await expect(payload.update({ collection: 'articles', id: mine.id, data: { unpublishDate: later }, draft: true, ...as('contributor') })).rejects.toThrow(refused);
    // A draft of an edit is theirs to save (the form sends the same times back), and stays off the site.
    await payload.update({ collection: 'articles', id: mine.id, data: { title: 'Going live, revised', publishDate }, draft: true, ...as('contributor') });
    expect([(await live()).title, (await live())._status, (await live()).publishDate]).toEqual(['Going live', 'published', publishDate]);

    // Deleting: refused while live, and after an editor takes it off the site (its history stays).
    await expect(payload.delete({ collection: 'articles', id: mine.id, ...as('contributor') })).rejects.toThrow(/not found|not allowed/i);
    await payload.update({ collection: 'articles', id: mine.id, data: { _status: 'draft' }, ...as('editor') });
    await expect(payload.delete({ collection: 'articles', id: mine.id, ...as('contributor') })).rejects.toThrow(/not found|not allowed/i);
    expect((await live()).firstPublishedAt).toEqual(expect.any(String));
    // What was never published is theirs to delete.
    const idea = await payload.create({ collection: 'articles', data: { ...(await draftData('Never mind')), _status: 'draft' }, draft: true, ...as('contributor') });
    await payload.delete({ collection: 'articles', id: idea.id, ...as('contributor') });
  });

  // Issue 47 #6: contributors read every CMS user's address and role.
  it('show a contributor their own CMS user only, and the history the names of who saved each version, never their addresses or roles', async () => {
    const users_ = await payload.find({ collection: 'users', ...as('contributor') });
    expect(users_.docs.map((u) => u.email)).toEqual(['contributor@roles.example']);
    await expect(payload.findByID({ collection: 'users', id: users.editor.id, ...as('contributor') })).rejects.toThrow(/not found/i);
    expect((await payload.find({ collection: 'users', ...as('editor') })).totalDocs).toBeGreaterThanOrEqual(3);

    const mine = await payload.create({ collection: 'articles', data: { ...(await draftData('Seen by two')), _status: 'draft' }, draft: true, ...as('contributor') });
    await payload.update({ collection: 'articles', id: mine.id, data: { excerpt: 'An editor’s touch.' }, draft: true, ...as('editor') });
    const history = await payload.findVersions({ collection: 'articles', where: { parent: { equals: mine.id } }, sort: 'createdAt', depth: 1, ...as('contributor') });
    expect(history.docs.map((v) => v.version.savedBy)).toEqual(['The contributor', 'The editor']);
    expect(JSON.stringify(history.docs)).not.toContain('editor@roles.example');
    expect(JSON.stringify(history.docs)).not.toMatch(/"role":"editor"/);
    // The API's service reads carry no CMS user's name.
    expect((await payload.findByID({ collection: 'articles', id: mine.id, draft: true, overrideAccess: true })).savedBy ?? null).toBeNull();
  });

  // Issue 47 #13: a submission waited until an editor thought of filtering the list.
  it('tell editors on every CMS page how many articles await review, linking to them; contributors are not told', async () => {
    const notice = async (who: keyof typeof users) => {
      const element = await ReviewQueueNotice({ payload, user: { ...users[who], email: `${who}@roles.example` } as never });
      return element ? renderToStaticMarkup(element) : null;
    };
    const before = await payload.find({ collection: 'articles', where: { reviewRequested: { equals: true } }, draft: true, overrideAccess: true });
    for (const doc of before.docs) await payload.update({ collection: 'articles', id: doc.id, data: { reviewRequested: false }, draft: true, overrideAccess: true });
    expect(await notice('editor')).toBeNull();

    for (const title of ['Ready one', 'Ready two']) {
      const draft = await payload.create({ collection: 'articles', data: { title }, draft: true, ...as('contributor') });
      await payload.update({ collection: 'articles', id: draft.id, data: { reviewRequested: true }, draft: true, autosave: true, ...as('contributor') });
    }
    expect(await notice('editor')).toBe('<a class="review-queue-notice" href="/cms/admin/collections/articles?where[reviewRequested][equals]=true">2 articles awaiting review</a>');
    expect(await notice('contributor')).toBeNull();
  });
});
