import type { TotpSetup } from '@app/shared/browser';
import { eq, sql } from 'drizzle-orm';
import { totpFactors } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { siteNameOf } from '../accounts/account-deps.ts';
import type { SessionUser } from '../accounts/sessions.ts';
import type { FactorDeps } from './factor-deps.ts';
import { requireRecentSecondFactor } from './step-up.ts';
import { newTotpSecret, totpQrCode, totpUri } from '@app/shared/second-factor-secrets';

/**
 * Starts setting up an authenticator app: a new secret, kept unconfirmed until the member types
 * the app's first code (confirm-totp.ts), answered once with its otpauth address and a QR code our
 * API draws (an SVG, no outside service). A member who already has a factor proves it first, so a
 * borrowed session cannot add its own way in.
 */
export async function setUpTotp(deps: FactorDeps, caller: SessionUser): Promise<TotpSetup> {
  if (caller.hasSecondFactor) requireRecentSecondFactor(caller);
  const [existing] = await deps.db.select({ confirmedAt: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, caller.id));
  if (existing?.confirmedAt) throw new AppError('conflict', 'An authenticator app is already set up. Turn it off first to set up another one.');
  const secret = newTotpSecret();
  const sealed = deps.secrets.seal(secret);
  await deps.db
    .insert(totpFactors)
    .values({ userId: caller.id, secret: sealed })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: sealed, createdAt: sql`now()`, lastStep: 0 }, setWhere: sql`${totpFactors.confirmedAt} is null` });
  const uri = totpUri(secret, siteNameOf(deps), caller.username);
  return { secret, uri, qrCode: await totpQrCode(uri) };
}
