import type { BulletinPost, CreateBulletinPostInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { bulletinPosts } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import { toBulletinPost } from './bulletin-dto.ts';
import { mentionedMembers, nameOf, notify } from '../notifications/notify.ts';

/** Posts per member in ten minutes. */
const PER_TEN_MINUTES = 5;

/** POST /api/bulletin: a plain-text post by a member in good standing, at most 5 in ten minutes. */
export async function createBulletinPost(db: Db, caller: UserRow | null, input: CreateBulletinPostInput): Promise<BulletinPost> {
  const user = requirePermission(caller, 'post');
  return db.transaction(async (tx) => {
    // The limit in the post's own transaction, as a comment's (issue 53 #3): one BEGIN and COMMIT.
    await takeAttempt(tx, [{ key: `bulletin:${user.id}`, max: PER_TEN_MINUTES, windowMs: 10 * 60_000 }], (s) => `You are posting too quickly. Please try again in ${waitText(s)}.`);
    const [row] = await tx.insert(bulletinPosts).values({ userId: user.id, ...input }).returning();
    // Members it names hear of it (issue 37): the board is every member's to read.
    await notify(tx, { kind: 'mention', recipients: await mentionedMembers(tx, input.content), actorId: user.id, text: `${nameOf(user)} mentioned you in a bulletin post, “${input.title}”`, url: '/community', place: 'bulletin' });
    return toBulletinPost(row!, user, user);
  });
}
