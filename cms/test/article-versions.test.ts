import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import { createLocalReq, type Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleVersionRows } from '../src/components/article-version-rows';
import { startPayload } from './payload-test';

// Issue 47 #13: the versions list names who saved each version (the view replacing Payload's list
// reads its rows here; tests/e2e/editors-desk.spec.ts shows it in the admin).
let ctx: Awaited<ReturnType<typeof startPayload>>;
let payload: Payload;
let category: number;
const users = {} as Record<'writer' | 'editor', { id: number; role: 'contributor' | 'editor'; collection: 'users' }>;

beforeAll(async () => {
  delete process.env.API_URL;
  ctx = await startPayload();
  payload = ctx.payload;
  category = (await payload.create({ collection: 'categories', data: { slug: 'history', title: 'History' }, overrideAccess: true })).id;
  for (const [key, role, name] of [['writer', 'contributor', 'Cleo Writer'], ['editor', 'editor', 'Desk Editor']] as const) {
    const user = await payload.create({ collection: 'users', data: { email: `${key}@history.example`, name, password: 'history-pass-123', role }, overrideAccess: true });
    users[key] = { id: user.id, role, collection: 'users' };
  }
});
afterAll(async () => ctx?.close());

const as = (who: keyof typeof users) => ({ user: users[who], overrideAccess: false as const });
const reqAs = async (who: keyof typeof users) => createLocalReq({ user: { ...(await payload.findByID({ collection: 'users', id: users[who].id, overrideAccess: true })), collection: 'users' } }, payload);

describe('the versions list', () => {
  it('names who saved each version, newest first, with where it stands', async () => {
    const content = await convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: payload.config }), markdown: 'Words.' });
    const doc = await payload.create({ collection: 'articles', data: { title: 'A history', category, membershipRequired: 'free', publishDate: new Date().toISOString(), content, _status: 'draft' }, draft: true, ...as('writer') });
    await payload.update({ collection: 'articles', id: doc.id, data: { excerpt: 'Autosaved.' }, draft: true, autosave: true, ...as('writer') });
    await payload.update({ collection: 'articles', id: doc.id, data: { _status: 'published' }, ...as('editor') });
    await payload.update({ collection: 'articles', id: doc.id, data: { title: 'A history, revised' }, draft: true, ...as('editor') });
    // Saved by our own import (no CMS user): nobody to name.
    await payload.update({ collection: 'articles', id: doc.id, data: { title: 'A history, imported' }, draft: true, overrideAccess: true });

    for (const viewer of ['writer', 'editor'] as const) {
      const rows = await articleVersionRows(await reqAs(viewer), doc.id, true);
      expect(rows.map((r) => [r.savedBy, r.standing, r.autosave])).toEqual([
        [null, 'currentDraft', false],
        ['Desk Editor', 'draft', false],
        ['Desk Editor', 'currentlyPublished', false],
        ['Cleo Writer', 'draft', true],
        ['Cleo Writer', 'draft', false],
      ]);
      // Never an address or a role: contributors read the list too.
      expect(JSON.stringify(rows)).not.toContain('@history.example');
    }
    expect(await articleVersionRows(await reqAs('editor'), doc.id, false).then((rows) => rows.map((r) => r.standing))).toEqual(['currentDraft', 'draft', 'previouslyPublished', 'draft', 'draft']);
  });
});
