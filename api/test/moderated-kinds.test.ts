import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reports } from '../src/db/schema/index.ts';
import { MODERATED_KINDS } from '../src/domain/moderation/registry.ts';
import type { UserRow } from '../src/domain/accounts/user-dto.ts';
import { appForThisFile } from './file-app.ts';
import { sampleRecords } from './fixtures.ts';

const t = appForThisFile({ records: () => sampleRecords() });
const reportsOn = (type: 'comment' | 'bulletin', contentId: number) => t.testDb.db.select().from(reports).where(and(eq(reports.type, type), eq(reports.contentId, contentId)));

describe('a moderated kind holds everything it needs (issue 35)', () => {
  it('states, for every kind, who reads it in members’ lists and what goes with a deleted item', () => {
    const member = { id: 7, role: 'member', membershipTier: 'pro', accountStatus: 'active' } as UserRow;
    const moderator = { ...member, id: 8, role: 'moderator' } as UserRow;
    for (const [type, kind] of Object.entries(MODERATED_KINDS)) {
      expect(kind.type, type).toBe(type);
      expect(typeof kind.visibleTo, type).toBe('function');
      expect(typeof kind.forget, type).toBe('function');
      // Those who moderate see every row; hidden items are marked for them by the list.
      expect(kind.visibleTo(moderator), type).toBeUndefined();
    }
    // Bulletin posts and chat messages leave hidden rows out for visitors and other members.
    expect(MODERATED_KINDS.bulletin.visibleTo(null)).toBeDefined();
    expect(MODERATED_KINDS.chat.visibleTo(member)).toBeDefined();
  });

  it('takes a deleted comment’s and a deleted post’s reports with them', async () => {
    const author = await t.member('kinds_author', 'pro');
    const reporter = await t.member('kinds_reporter', 'pro');
    const articleId = (await author.get('/api/articles')).body.find((a: { membershipRequired: string }) => a.membershipRequired === 'free').id;
    const comment = (await author.post(`/api/articles/${articleId}/comments`, { content: 'A comment someone will report' })).body;
    const post = (await author.post('/api/bulletin', { title: 'A post someone will report', content: 'Its words.', category: 'Discussion' })).body;
    expect((await reporter.post('/api/reports', { type: 'comment', contentId: comment.id, reason: 'spam' })).status).toBe(201);
    expect((await reporter.post('/api/reports', { type: 'bulletin', contentId: post.id, reason: 'spam' })).status).toBe(201);
    expect(await reportsOn('comment', comment.id)).toHaveLength(1);

    expect((await author.delete(`/api/articles/comments/${comment.id}`)).status).toBe(204);
    expect((await author.delete(`/api/bulletin/${post.id}`)).status).toBe(204);
    expect(await reportsOn('comment', comment.id)).toEqual([]);
    expect(await reportsOn('bulletin', post.id)).toEqual([]);
  });
});
