import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, totpFactors, users } from '../../db/schema/index.ts';
import { DEMO_STAFF_SECOND_FACTOR } from '../accounts/demo-accounts.ts';
import type { SecretBox } from '@app/shared/second-factor-secrets';

/**
 * Gives a demo staff account the published demo second factor (an authenticator secret and a
 * passkey, demo-accounts.ts) unless it has its own. Only the demo mode calls this.
 */
export async function ensureDemoSecondFactor(db: Db, secrets: SecretBox, username: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) return;
  const { totpSecret, passkey } = DEMO_STAFF_SECOND_FACTOR;
  await db.insert(totpFactors).values({ userId: user.id, secret: secrets.seal(totpSecret), confirmedAt: new Date() }).onConflictDoNothing();
  await db.insert(passkeys).values({ userId: user.id, credentialId: passkey.credentialId, publicKey: passkey.cose, name: passkey.name, transports: ['internal'] }).onConflictDoNothing();
}
