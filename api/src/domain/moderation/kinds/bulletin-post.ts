import { can, viewerOf } from '@app/shared/browser';
import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import { bulletinPosts, users } from '../../../db/schema/index.ts';
import { authorColumns } from '../../accounts/author-name.ts';
import { requirePermission } from '../../accounts/permissions.ts';
import { toAdminBulletinPost } from '../../bulletin/bulletin-dto.ts';
import { forgetReports } from '../forget-reports.ts';
import type { ModeratedKind } from '../moderated-kind.ts';
import { openReportCounts } from '../open-report-counts.ts';

/** Bulletin board posts: title and text, linked to their place on /community. */
export const bulletinPostKind: ModeratedKind<'bulletin'> = {
  type: 'bulletin',
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
  // Every post, hidden ones too, with how many open reports each has (newest 200).
  async adminList({ db }, caller) {
    requirePermission(caller, 'moderate');
    const open = openReportCounts(db, 'bulletin');
    const rows = await db
      .select({ post: bulletinPosts, author: authorColumns(users), reports: open.n })
      .from(bulletinPosts)
      .innerJoin(users, eq(users.id, bulletinPosts.userId))
      .leftJoin(open, eq(open.contentId, bulletinPosts.id))
      .orderBy(desc(bulletinPosts.createdAt), desc(bulletinPosts.id))
      .limit(200);
    return rows.map((r) => toAdminBulletinPost(r.post, r.author, Number(r.reports ?? 0)));
  },
  forget: (tx, ids) => forgetReports(tx, 'bulletin', ids),
};
