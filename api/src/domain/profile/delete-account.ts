import { siteNameOf } from '../accounts/account-deps.ts';
import type { DeleteAccountInput } from '@app/shared/schemas';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  aiTalks, chatRoomMembers, emailTokens, gamePlays, gameScores, mailOutbox, notifications, notificationSettings, orders, passwordResetTokens, quizResults, savedVideos, sessions, users,
} from '../../db/schema/index.ts';
import { mailToMember } from '../accounts/mail-to-member.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { publishChatEvent } from '../chat/chat-events.ts';
import { signalSiteAccessChanged } from '../cms-sign-in/signal-site-access-changed.ts';
import { activeSubscriptions } from '../membership/get-subscription-info.ts';
import { setAutoRenew } from '../membership/set-auto-renew.ts';
import { forgetMemberAttempts } from '../rate-limit/forget-member-attempts.ts';
import { removeAvatarFiles } from './avatar-files.ts';
import { checkCurrentPassword } from './check-current-password.ts';
import { accountDeletedMail } from './profile-mails.ts';
import type { ProfileDeps } from './profile-deps.ts';

export const ACCOUNT_DELETED = 'Your account has been deleted. Thank you for having been with us.';
/** What an order keeps of its address once its member deleted their account. */
export const REMOVED_ADDRESS = 'Removed when the member deleted their account';
/** No argon2 hash looks like this, so nobody can ever sign in to a deleted account. */
const NO_PASSWORD = '!deleted';

/**
 * DELETE /api/profile, with the current password. First an active subscription is cancelled at
 * the provider (through the membership use case; if the provider cannot be reached nothing is
 * deleted). Then, in one transaction: personal data goes (email, name, bio, avatar, password,
 * sessions, pending links, saved videos, room memberships, quiz results, game scores, assistant
 * talks, every mail to their address in the outbox — the goodbye, already handed over, included —
 * and every mail to an address they asked to change to (its link),
 * and the rate limiter's keys naming them); orders
 * stay for the shop's accounts with their address removed; comments, posts and messages stay in
 * others' threads as from "Deleted member" (authorName). The row itself stays as a tombstone
 * holding the username for 30 days (releaseUsername). Every chat socket of the member is closed
 * at once, on every instance.
 */
export async function deleteAccount(deps: ProfileDeps, caller: UserRow | null, input: DeleteAccountInput): Promise<{ message: string }> {
  const user = requireUser(caller);
  const { db } = deps;
  await checkCurrentPassword(db, user, input.currentPassword);
  if ((await activeSubscriptions(deps.membership, user.id)).length > 0) await setAutoRenew(deps.membership, user, false);
  // Told before the address is gone (only if it was confirmed, like every mail to a member).
  await mailToMember(deps, user, accountDeletedMail(siteNameOf(deps)));

  // The picture to remove is the one the row holds under its lock, not the session's copy: a
  // change of picture that committed meanwhile would otherwise leave its file behind.
  const avatarKey = await db.transaction(async (tx) => {
    const [before] = await tx.select({ avatarKey: users.avatarKey }).from(users).where(and(eq(users.id, user.id), isNull(users.deletedAt))).for('update');
    if (!before) return null;
    const [gone] = await tx
      .update(users)
      .set({
        email: '', emailConfirmedAt: null, passwordHash: NO_PASSWORD, displayName: null, bio: null, avatarUrl: null, avatarThumbUrl: null, avatarKey: null,
        publicProfile: false, profileIndexable: false, deletedAt: sql`now()`, updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, user.id), isNull(users.deletedAt)))
      .returning({ id: users.id });
    if (!gone) return null;
    // The addresses an e-mail change was asked for (issue 47 #6): their link mails go with the account.
    const changeAddresses = (await tx.select({ email: emailTokens.email }).from(emailTokens).where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'change')))).map((t) => t.email);
    for (const table of [sessions, emailTokens, passwordResetTokens, savedVideos, chatRoomMembers, quizResults, gameScores, gamePlays, notifications, notificationSettings]) {
      await tx.delete(table).where(eq(table.userId, user.id));
    }
    await tx.update(orders).set({ shippingAddress: REMOVED_ADDRESS }).where(eq(orders.userId, user.id));
    await tx.delete(aiTalks).where(eq(aiTalks.ownerUserId, user.id));
    const addresses = [...new Set([user.email, ...changeAddresses].filter(Boolean))];
    if (addresses.length) await tx.delete(mailOutbox).where(inArray(mailOutbox.to, addresses));
    await forgetMemberAttempts(tx, user);
    await publishChatEvent(tx, { kind: 'user-blocked', userId: user.id });
    await signalSiteAccessChanged(tx, user.id);
    return before.avatarKey;
  });
  await removeAvatarFiles(deps, avatarKey);
  return { message: ACCOUNT_DELETED };
}
