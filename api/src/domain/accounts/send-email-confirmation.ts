import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailTokens } from '../../db/schema/index.ts';
import { siteNameOf, type AccountDeps } from './account-deps.ts';
import { confirmationMail } from './account-mails.ts';
import { sha256 } from './request-password-reset.ts';
import type { UserRow } from './user-dto.ts';

export const CONFIRM_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Mails a single-use link that confirms the account's current address, valid 24 hours. The
 * token is stored only as its SHA-256, and only the newest link of an account works.
 */
export async function sendEmailConfirmation(deps: AccountDeps, user: Pick<UserRow, 'id' | 'email'>): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await deps.db.transaction(async (tx) => {
    await tx
      .update(emailTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, 'confirm'), isNull(emailTokens.usedAt)));
    await tx.insert(emailTokens).values({ tokenHash: sha256(token), userId: user.id, purpose: 'confirm', email: user.email, expiresAt: new Date(Date.now() + CONFIRM_LINK_TTL_MS) });
  });
  await deps.mailer.send({ to: user.email, ...confirmationMail(siteNameOf(deps), `${deps.publicUrl}/auth?confirm-token=${encodeURIComponent(token)}`) });
}
