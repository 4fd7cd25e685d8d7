import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReviewRequested } from '@app/shared/schemas';
import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import type { Payload } from 'payload';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPayload, TEST_SECRET } from './payload-test';

// Issue 47 #13: a contributor's "Submitted for review" tells the editors instead of waiting to be
// filtered for. The API stands in here and records what it is asked (its side, who is notified
// and mailed, is api/test/review-requests.test.ts); the CMS, its users and roles are real.
const asked: ReviewRequested[] = [];
let api: Server;
let ctx: Awaited<ReturnType<typeof startPayload>>;
let payload: Payload;
let category: number;
type Who = 'writer' | 'other' | 'editor' | 'admin' | 'nameless';
const users = {} as Record<Who, { id: number; role: string; collection: 'users' }>;

beforeAll(async () => {
  api = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (req.url !== '/api/internal/review-requested' || req.headers['x-internal-secret'] !== TEST_SECRET) return void res.writeHead(404).end('{}');
    asked.push(JSON.parse(body));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"notified":1,"mailed":1}');
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  process.env.API_URL = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  ctx = await startPayload();
  payload = ctx.payload;
  category = (await payload.create({ collection: 'categories', data: { slug: 'reviews', title: 'Reviews' }, overrideAccess: true })).id;
  const people: [Who, 'contributor' | 'editor' | 'admin', string | undefined, number | undefined][] = [
    ['writer', 'contributor', 'Cleo Writer', undefined],
    ['other', 'contributor', 'Another Writer', undefined],
    ['editor', 'editor', 'Desk Editor', undefined],
    // A site admin who signs in through the site (linked to site user 77).
    ['admin', 'admin', 'Site Admin', 77],
    ['nameless', 'editor', undefined, undefined],
  ];
  for (const [key, role, name, siteUserId] of people) {
    const user = await payload.create({ collection: 'users', data: { email: `${key}@reviews.example`, name, password: 'review-pass-123', role }, overrideAccess: true });
    // Linked as the sign-on links them (a linked user has no password of their own to use).
    if (siteUserId) await payload.db.updateOne({ collection: 'users', id: user.id, data: { siteUserId }, returning: false });
    users[key] = { id: user.id, role, collection: 'users' };
  }
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((r) => api.close(r));
});

const as = (who: Who) => ({ user: users[who], overrideAccess: false as const });
const draft = async (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  category,
  membershipRequired: 'free' as const,
  publishDate: new Date().toISOString(),
  content: await convertMarkdownToLexical({ editorConfig: await editorConfigFactory.default({ config: payload.config }), markdown: 'Words.' }),
  _status: 'draft' as const,
  ...extra,
});
/** The calls so far, once those in flight have had time to arrive (the hook does not hold the save for them). */
async function calls(expected: number) {
  for (let i = 0; i < 100 && asked.length < expected; i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 200));
  return asked.splice(0);
}
const editorsBesides = (requester: Who) =>
  (['editor', 'admin', 'nameless'] as const)
    .filter((who) => who !== requester)
    .map((who) => ({ siteUserId: who === 'admin' ? 77 : null, email: `${who}@reviews.example` }));

describe('submitting an article for review', () => {
  it('tells the API once, with the article, who asked and everyone who may publish it — not on later saves while it waits, nor when an editor publishes it', async () => {
    const mine = await payload.create({ collection: 'articles', data: await draft('Sleep, explained'), draft: true, ...as('writer') });
    await payload.update({ collection: 'articles', id: mine.id, data: { title: 'Sleep, explained again' }, draft: true, ...as('writer') });
    expect(await calls(0)).toEqual([]);

    await payload.update({ collection: 'articles', id: mine.id, data: { reviewRequested: true }, draft: true, ...as('writer') });
    const [ask, ...more] = await calls(1);
    expect(more).toEqual([]);
    expect({ ...ask, editors: undefined }).toEqual({ articleId: mine.id, title: 'Sleep, explained again', requestedBy: 'Cleo Writer', editors: undefined });
    expect(ask!.editors).toEqual(expect.arrayContaining(editorsBesides('writer')));
    expect(ask!.editors).toHaveLength(3);

    // Still waiting: a save, an autosave, an editor's draft save tell no one again.
    await payload.update({ collection: 'articles', id: mine.id, data: { title: 'Sleep, explained at last' }, draft: true, ...as('writer') });
    await payload.update({ collection: 'articles', id: mine.id, data: { excerpt: 'Why it matters.' }, draft: true, autosave: true, ...as('writer') });
    await payload.update({ collection: 'articles', id: mine.id, data: { excerpt: 'Why sleep matters.' }, draft: true, ...as('editor') });
    // The editor publishes it: it leaves the review list, and nobody is told of a submission.
    const live = await payload.update({ collection: 'articles', id: mine.id, data: { _status: 'published' }, ...as('editor') });
    expect(live.reviewRequested).toBe(false);
    expect(await calls(0)).toEqual([]);

    // Submitted again after that (a later revision): news again.
    await payload.update({ collection: 'articles', id: mine.id, data: { title: 'Sleep, revised', reviewRequested: true }, draft: true, ...as('writer') });
    expect((await calls(1)).map((a) => [a.articleId, a.title])).toEqual([[mine.id, 'Sleep, revised']]);
  });

  it('tells the API of an article submitted in its first save, naming a submitter without a name by their address, never telling them of their own', async () => {
    const theirs = await payload.create({ collection: 'articles', data: await draft('Straight to review', { reviewRequested: true }), draft: true, ...as('other') });
    expect((await calls(1)).map((a) => [a.articleId, a.requestedBy])).toEqual([[theirs.id, 'Another Writer']]);

    // An editor may tick it too (asking the others): they are left out of those told.
    const desk = await payload.create({ collection: 'articles', data: await draft('An editor asks'), draft: true, ...as('nameless') });
    await payload.update({ collection: 'articles', id: desk.id, data: { reviewRequested: true }, draft: true, ...as('nameless') });
    const [ask] = await calls(1);
    expect(ask!.requestedBy).toBe('nameless@reviews.example');
    expect(ask!.editors).toEqual(expect.arrayContaining(editorsBesides('nameless')));
    expect(ask!.editors).toHaveLength(2);
  });

  it('saves the submission when the API cannot be reached (it is logged)', async () => {
    const apiUrl = process.env.API_URL;
    process.env.API_URL = 'http://127.0.0.1:9';
    try {
      const mine = await payload.create({ collection: 'articles', data: await draft('Offline review'), draft: true, ...as('writer') });
      const saved = await payload.update({ collection: 'articles', id: mine.id, data: { reviewRequested: true }, draft: true, ...as('writer') });
      expect(saved.reviewRequested).toBe(true);
      const found = await payload.find({ collection: 'articles', where: { reviewRequested: { equals: true }, id: { equals: mine.id } }, draft: true, ...as('editor') });
      expect(found.totalDocs).toBe(1);
    } finally {
      process.env.API_URL = apiUrl;
    }
    expect(await calls(0)).toEqual([]);
  });
});
