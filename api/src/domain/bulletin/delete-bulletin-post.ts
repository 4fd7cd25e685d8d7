import { can, viewerOf } from '@app/shared/browser';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulletinPosts, reports } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';

/** DELETE /api/bulletin/{id}: its author or a moderator; anyone else 403. Its reports go with it. */
export async function deleteBulletinPost(db: Db, caller: UserRow | null, postId: number): Promise<void> {
  const user = requireUser(caller);
  await db.transaction(async (tx) => {
    const [post] = await tx.select().from(bulletinPosts).where(eq(bulletinPosts.id, postId)).for('update');
    if (!post) throw new AppError('not_found', 'Post not found');
    if (!can(viewerOf(user), 'delete', { authorId: post.userId })) throw new AppError('forbidden', 'You can only delete your own posts.');
    await tx.delete(reports).where(and(eq(reports.type, 'bulletin'), eq(reports.contentId, postId)));
    await tx.delete(bulletinPosts).where(eq(bulletinPosts.id, postId));
  });
}
