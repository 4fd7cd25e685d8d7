import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentNotices, comments, notifications, users } from '../src/db/schema/index.ts';
import { createCommentNotices } from '../src/domain/comments/comment-notices.ts';
import type { ContentReadModel } from '../src/domain/content/content-read-model.ts';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { signedInMember } from './signed-in-member.ts';
import { startFakeCms } from './fake-cms.ts';
import { sampleRecords } from './fixtures.ts';
import { silentLogger, startTestApp, TEST_SECRET } from './test-app.ts';
import { createTestDatabase } from './test-db.ts';
import { everyoneTold, TOLD_WAIT, withNotifyLockHeld } from './told.ts';

// Issue 53 #3: a comment that tells someone (a reply, an @name) writes a notice in its own
// statement; a drain tells many at once, moments after the comment's request answers, and an
// instance's sweep tells what another left behind.
let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
let cms: Awaited<ReturnType<typeof startFakeCms>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const ARTICLE = 1;

const idOf = async (username: string) => (await testDb.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]!.id;
const replies = (userId: number) => testDb.db.select().from(notifications).where(eq(notifications.userId, userId));
const notices = () => testDb.db.select().from(commentNotices);
/** A comment and its notice as its statement writes them, with no drain after (an instance that stopped there). */
async function leftBehind(userId: number, content: string, parentCommentId: number | null) {
  const [row] = await testDb.db.insert(comments).values({ articleId: ARTICLE, userId, content, parentCommentId }).returning({ id: comments.id });
  await testDb.db.insert(commentNotices).values({ commentId: row!.id });
  return row!.id;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  cms = await startFakeCms(sampleRecords(), TEST_SECRET);
  app = await startTestApp({ db: testDb.db, source: createCmsContentSource(cms.url, TEST_SECRET) });
});
afterAll(async () => {
  await app?.close();
  await cms?.close();
  await testDb?.drop();
});

describe('comment notices', () => {
  it('a reply answers without waiting for its drain; its author is told moments later, and no notice is left behind', async () => {
    const asker = await signedInMember(testDb.db, app.base, 'notice_asker');
    const answerer = await signedInMember(testDb.db, app.base, 'notice_answerer');
    const question = (await asker.post(`/api/articles/${ARTICLE}/comments`, { content: 'Does this work on weekends?' })).body;
    // The asker's notify lock held elsewhere: a drain that tells them waits for it, the reply does not.
    const reply = await withNotifyLockHeld(testDb.db, await idOf('notice_asker'), async () => {
      const answered = await answerer.post(`/api/articles/${ARTICLE}/comments`, { content: 'It does.', parentCommentId: question.id });
      expect(answered.status).toBe(201);
      expect(await replies(await idOf('notice_asker'))).toEqual([]);
      expect(await notices()).toHaveLength(1);
      return answered;
    });
    await expect.poll(async () => (await asker.get('/api/notifications')).body.items[0], TOLD_WAIT).toMatchObject({ kind: 'reply', url: `/articles/${ARTICLE}#comment-${reply.body.id}` });
    expect(await notices()).toEqual([]);
  });

  it('many replies at once each tell their own author, sharing drains', async () => {
    const askers = await Promise.all(Array.from({ length: 5 }, (_, i) => signedInMember(testDb.db, app.base, `notice_many_asker${i}`)));
    const answerers = await Promise.all(Array.from({ length: 6 }, (_, i) => signedInMember(testDb.db, app.base, `notice_many_answerer${i}`)));
    const questions = await Promise.all(askers.map(async (a, i) => (await a.post(`/api/articles/${ARTICLE}/comments`, { content: `Question ${i}?` })).body.id as number));
    // Each answerer replies to every question (five each: the limit), all at once: drains under way take some, later ones the rest.
    await Promise.all(
      answerers.flatMap((answerer, j) =>
        questions.map(async (question, i) => {
          const reply = await answerer.post(`/api/articles/${ARTICLE}/comments`, { content: `Answer ${j} to ${i}.`, parentCommentId: question });
          expect(reply.status).toBe(201);
          // Moments after it answers, its author has been told of it.
          await expect.poll(async () => (await replies(await idOf(`notice_many_asker${i}`))).map((n) => n.url), TOLD_WAIT).toContain(`/articles/${ARTICLE}#comment-${reply.body.id}`);
        }),
      ),
    );
    await everyoneTold(testDb.db);
  });

  it('a reply refused by the limit leaves no comment, no notice and tells no one', async () => {
    const asker = await signedInMember(testDb.db, app.base, 'notice_limit_asker');
    const quick = await signedInMember(testDb.db, app.base, 'notice_quick');
    const question = (await asker.post(`/api/articles/${ARTICLE}/comments`, { content: 'Anyone?' })).body;
    const sent = [];
    for (let i = 0; i < 6; i += 1) sent.push((await quick.post(`/api/articles/${ARTICLE}/comments`, { content: `Me ${i}`, parentCommentId: question.id })).status);
    expect(sent).toEqual([201, 201, 201, 201, 201, 429]);
    const quickId = await idOf('notice_quick');
    expect(await testDb.db.$count(comments, eq(comments.userId, quickId))).toBe(5);
    await everyoneTold(testDb.db);
    // Five replies from one member in one place fold into one notification.
    const told = await replies(await idOf('notice_limit_asker'));
    expect(told).toHaveLength(1);
    expect(told[0]!.more).toBe(4);
  });

  it('a reply to a comment on another article, a hidden one or one that is gone is refused, with nothing written', async () => {
    const asker = await signedInMember(testDb.db, app.base, 'notice_parent_asker');
    const answerer = await signedInMember(testDb.db, app.base, 'notice_parent_answerer');
    const elsewhere = (await asker.post('/api/articles/2/comments', { content: 'On the Pro article' })).body;
    const before = await testDb.db.$count(comments);
    expect((await answerer.post(`/api/articles/${ARTICLE}/comments`, { content: 'x', parentCommentId: elsewhere.id })).body.message).toBe('The comment you are replying to belongs to another article.');
    const hidden = (await asker.post(`/api/articles/${ARTICLE}/comments`, { content: 'Soon hidden' })).body;
    await testDb.db.update(comments).set({ isHidden: true }).where(eq(comments.id, hidden.id));
    expect((await answerer.post(`/api/articles/${ARTICLE}/comments`, { content: 'x', parentCommentId: hidden.id })).body.message).toBe('You cannot reply to a hidden comment.');
    expect((await answerer.post(`/api/articles/${ARTICLE}/comments`, { content: 'x', parentCommentId: 999_999 })).status).toBe(404);
    expect(await testDb.db.$count(comments)).toBe(before + 1);
    expect(await notices()).toEqual([]);
  });

  it('notices another instance left behind are told by the next drain, replies and names together, folded as if one after another', async () => {
    await signedInMember(testDb.db, app.base, 'notice_left_asker');
    await signedInMember(testDb.db, app.base, 'notice_left_named');
    const asker = await idOf('notice_left_asker');
    const named = await idOf('notice_left_named');
    const writer = await idOf('notice_answerer');
    const [question] = await testDb.db.insert(comments).values({ articleId: ARTICLE, userId: asker, content: 'A question' }).returning({ id: comments.id });
    const first = await leftBehind(writer, 'First answer', question!.id);
    await leftBehind(writer, 'Second answer, @notice_left_named should see', question!.id);
    const drain = createCommentNotices({ db: testDb.db, content: app.content, logger: silentLogger });
    try {
      expect(await drain.drain()).toBe(2);
    } finally {
      await drain.close();
    }
    // The two replies in one place fold into the first, as two drains one after another would.
    const toAsker = await replies(asker);
    expect(toAsker).toHaveLength(1);
    expect(toAsker[0]).toMatchObject({ kind: 'reply', more: 1, url: `/articles/${ARTICLE}#comment-${first}` });
    expect((await replies(named)).map((n) => n.kind)).toEqual(['mention']);
    expect(await notices()).toEqual([]);
  });

  it('requests wait for their drain once a whole batch is waiting already', async () => {
    await signedInMember(testDb.db, app.base, 'notice_batch_asker');
    const asker = await idOf('notice_batch_asker');
    const [question] = await testDb.db.insert(comments).values({ articleId: ARTICLE, userId: asker, content: 'Busy here?' }).returning({ id: comments.id });
    await leftBehind(await idOf('notice_answerer'), 'Very', question!.id);
    const drains = createCommentNotices({ db: testDb.db, content: app.content, logger: silentLogger });
    try {
      // The drain under way waits on the asker's notify lock, held meanwhile.
      const last = await withNotifyLockHeld(testDb.db, asker, async () => {
        const asked = Array.from({ length: 201 }, () => drains.soon());
        const waiter = asked.pop()!;
        // Two hundred answer at once; the next finds a whole batch waiting, and waits with it.
        await Promise.all(asked);
        expect(await Promise.race([waiter.then(() => 'answered'), new Promise((r) => setTimeout(() => r('waiting'), 300))])).toBe('waiting');
        // Wrapped: an async function returning the promise itself would wait for it here, under the lock.
        return { waiter };
      });
      await last.waiter;
      expect((await replies(asker)).map((n) => n.kind)).toEqual(['reply']);
    } finally {
      await drains.close();
    }
  });

  it('a drain that fails puts its notices back, to be tried again after a wait', async () => {
    await signedInMember(testDb.db, app.base, 'notice_retry_asker');
    const asker = await idOf('notice_retry_asker');
    const [question] = await testDb.db.insert(comments).values({ articleId: ARTICLE, userId: asker, content: 'Will I hear?' }).returning({ id: comments.id });
    const id = await leftBehind(await idOf('notice_answerer'), 'Eventually', question!.id);
    const broken = { current: () => { throw new Error('no content index'); } } as unknown as ContentReadModel;
    const failing = createCommentNotices({ db: testDb.db, content: broken, logger: silentLogger });
    const healthy = createCommentNotices({ db: testDb.db, content: app.content, logger: silentLogger });
    try {
      await expect(failing.drain()).rejects.toThrow('no content index');
      const [kept] = await notices();
      expect(kept).toMatchObject({ commentId: id, tries: 1 });
      expect(kept!.retryAt.getTime()).toBeGreaterThan(Date.now());
      // Not before its time…
      expect(await healthy.drain()).toBe(0);
      await testDb.db.update(commentNotices).set({ retryAt: sql`now()` });
      // …and then told.
      expect(await healthy.drain()).toBe(1);
      expect((await replies(asker)).map((n) => n.kind)).toEqual(['reply']);
    } finally {
      await failing.close();
      await healthy.close();
    }
  });
});
