import { can, viewerOf } from '@app/shared/browser';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { bulletinPosts, users } from '../../../db/schema/index.ts';
import { forgetReports } from '../forget-reports.ts';
import type { ModeratedKind } from '../moderated-kind.ts';

/** Bulletin board posts: title and text, linked to their place on /community. */
export const bulletinPostKind: ModeratedKind = {
  type: 'bulletin',
  label: 'Bulletin Post',
  async find(db, ids) {
    if (ids.length === 0) return [];
    const rows = await db.select({ r: bulletinPosts, role: users.role }).from(bulletinPosts).innerJoin(users, eq(users.id, bulletinPosts.userId)).where(inArray(bulletinPosts.id, ids));
    return rows.map(({ r, role }) => ({ type: 'bulletin', id: r.id, authorId: r.userId, authorRole: role, text: `${r.title}: ${r.content}`, isHidden: r.isHidden, hiddenReason: r.hiddenReason, moderationNotes: r.moderationNotes, link: `/community#post-${r.id}` }));
  },
  async setVisibility(tx, item, v) {
    const set = v.hidden ? { isHidden: true, hiddenReason: v.reason, moderationNotes: v.notes, hiddenAt: sql`now()` } : { isHidden: false, hiddenReason: null, hiddenAt: null };
    await tx.update(bulletinPosts).set(set).where(eq(bulletinPosts.id, item.id));
  },
  async checkReader() {},
  async readableBy(_db, _reader, items) {
    return new Set(items.map((i) => i.id));
  },
  visibleTo(viewer) {
    if (can(viewerOf(viewer), 'moderate')) return undefined;
    return viewer ? or(eq(bulletinPosts.isHidden, false), eq(bulletinPosts.userId, viewer.id)) : eq(bulletinPosts.isHidden, false);
  },
  forget: (tx, ids) => forgetReports(tx, 'bulletin', ids),
};
