import { and, eq } from 'drizzle-orm';
import { MODERATED_KIND_LISTS, REPORT_TYPES } from '@app/shared/browser';
import { describe, expect, it } from 'vitest';
import { reports } from '../src/db/schema/index.ts';
import { MODERATED_KINDS } from '../src/domain/moderation/registry.ts';
import type { UserRow } from '../src/domain/accounts/user-dto.ts';
import { appForThisFile } from './file-app.ts';
import { sampleRecords } from './fixtures.ts';

const t = appForThisFile({ records: () => sampleRecords() });
const reportsOn = (type: 'comment' | 'bulletin', contentId: number) => t.testDb.db.select().from(reports).where(and(eq(reports.type, type), eq(reports.contentId, contentId)));

describe('a moderated kind holds everything it needs (issue 35)', () => {
  it('has, for every kind, a read filter, an admin list and a cleanup', () => {
    expect(Object.keys(MODERATED_KINDS).sort()).toEqual([...REPORT_TYPES].sort());
    for (const [type, kind] of Object.entries(MODERATED_KINDS)) {
      expect(typeof kind.visibleTo, `${type}: read filter`).toBe('function');
      expect(typeof kind.adminList, `${type}: admin list`).toBe('function');
      expect(typeof kind.forget, `${type}: cleanup`).toBe('function');
    }
  });

  it('answers each kind’s table in Content Moderation from the kind’s own admin list, hidden items included, for those who moderate only', async () => {
    const admin = await t.member('kinds_list_admin', 'pro', true);
    const member = await t.member('kinds_list_member', 'pro');
    const articleId = (await member.get('/api/articles')).body.find((a: { membershipRequired: string }) => a.membershipRequired === 'free').id;
    const comment = (await member.post(`/api/articles/${articleId}/comments`, { content: 'A comment staff will hide' })).body;
    const post = (await member.post('/api/bulletin', { title: 'A post staff will hide', content: 'Words to hide.', category: 'Discussion' })).body;
    for (const [type, id] of [['comment', comment.id], ['bulletin', post.id]] as const) {
      expect((await admin.post(`/api/admin/content/${type}/${id}/moderate`, { isHidden: true, reason: 'spam' })).status).toBe(200);
    }
    const bodies = Object.fromEntries(await Promise.all(REPORT_TYPES.map(async (type) => {
      const res = await admin.get(MODERATED_KIND_LISTS[type].path);
      expect(res.status, type).toBe(200);
      expect((await member.get(MODERATED_KIND_LISTS[type].path)).status, type).toBe(403);
      return [type, res.body] as const;
    })));
    expect(bodies.comment.comments).toContainEqual(expect.objectContaining({ id: comment.id, isHidden: true }));
    expect(bodies.bulletin).toContainEqual(expect.objectContaining({ id: post.id, isHidden: true }));
    expect(bodies.chat).toBeInstanceOf(Array);
  });

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
