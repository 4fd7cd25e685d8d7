import { can, viewerOf } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { bulletinPostKind } from '../moderation/kinds/bulletin-post.ts';
import { STAFF_CONTENT_REFUSAL } from '../moderation/moderated-kind.ts';

/**
 * DELETE /api/bulletin/{id}: its author, or a moderator (staff's posts: an admin); anyone else 403.
 * Its reports go with it. Staff deleting someone else's post is in the audit log, with what it said.
 */
export async function deleteBulletinPost(db: Db, caller: UserRow | null, postId: number): Promise<void> {
  const user = requireUser(caller);
  await db.transaction(async (tx) => {
    const [post] = await tx.select().from(bulletinPosts).where(eq(bulletinPosts.id, postId)).for('update');
    if (!post) throw new AppError('not_found', 'Post not found');
    const [author] = await tx.select({ role: users.role }).from(users).where(eq(users.id, post.userId));
    const viewer = viewerOf(user);
    if (!can(viewer, 'delete', { authorId: post.userId, authorRole: author!.role })) throw new AppError('forbidden', can(viewer, 'moderate') ? STAFF_CONTENT_REFUSAL : 'You can only delete your own posts.');
    await bulletinPostKind.forget(tx, [postId]);
    await tx.delete(bulletinPosts).where(eq(bulletinPosts.id, postId));
    if (post.userId !== user.id) await recordAudit(tx, { actorId: user.id, action: 'content.deleted', targetUserId: post.userId, details: { type: 'bulletin', contentId: postId, title: post.title } });
  });
}
