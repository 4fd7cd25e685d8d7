import { AddPasskeySchema, ConfirmTotpSchema, CurrentPasswordInputSchema } from '@app/shared/schemas';
import { Router, type Request } from 'express';
import type { AccountDeps } from '../domain/accounts/account-deps.ts';
import { requireUser } from '../domain/accounts/permissions.ts';
import type { SessionUser } from '../domain/accounts/sessions.ts';
import { addPasskey } from '../domain/second-factor/add-passkey.ts';
import { confirmTotp } from '../domain/second-factor/confirm-totp.ts';
import { passkeyRegistrationOptions } from '../domain/second-factor/passkey-options.ts';
import { removePasskey } from '../domain/second-factor/remove-passkey.ts';
import { idParam } from './params.ts';
import { regenerateRecoveryCodes } from '../domain/second-factor/regenerate-recovery-codes.ts';
import type { SecretBox } from '@app/shared/second-factor-secrets';
import { getSecurityOverview } from '../domain/second-factor/security-overview.ts';
import { setUpTotp } from '../domain/second-factor/set-up-totp.ts';
import { turnOffTotp } from '../domain/second-factor/turn-off-totp.ts';
import { signedIn } from './access.ts';
import { noStore } from './no-store.ts';
import type { CookieSettings, SessionReader } from './session-cookie.ts';

type Deps = AccountDeps & { cookies: CookieSettings; session: SessionReader; secrets: SecretBox };

/**
 * Profile → Security (issue 52): the member's second factors — an authenticator app (set up from
 * a QR code our API draws, confirmed with a typed code), passkeys and recovery codes. Nothing
 * here ever answers a stored secret, key or code: secrets and codes are shown once, when made.
 */
export function securityRoutes(deps: Deps): Router {
  const r = Router();
  const caller = async (req: Request): Promise<{ user: SessionUser; idHash: string }> => {
    const session = await deps.session(req);
    requireUser(session?.user ?? null);
    return { user: session!.user, idHash: session!.idHash };
  };

  r.get('/profile/security', signedIn, async (req, res) => {
    noStore(res);
    res.json(await getSecurityOverview(deps.db, (await caller(req)).user));
  });

  r.post('/profile/security/totp', signedIn, async (req, res) => {
    noStore(res);
    res.json(await setUpTotp(deps, (await caller(req)).user));
  });

  r.post('/profile/security/totp/confirm', signedIn, async (req, res) => {
    const { user, idHash } = await caller(req);
    noStore(res);
    res.json(await confirmTotp(deps, user, idHash, ConfirmTotpSchema.parse(req.body)));
  });

  r.delete('/profile/security/totp', signedIn, async (req, res) => {
    const { user } = await caller(req);
    res.json(await turnOffTotp(deps, user, CurrentPasswordInputSchema.parse(req.body ?? {}).currentPassword));
  });

  r.post('/profile/security/recovery-codes', signedIn, async (req, res) => {
    noStore(res);
    res.json(await regenerateRecoveryCodes(deps.db, (await caller(req)).user));
  });

  r.post('/profile/security/passkeys/options', signedIn, async (req, res) => {
    const { user, idHash } = await caller(req);
    noStore(res);
    res.json(await passkeyRegistrationOptions(deps, user, idHash));
  });

  r.post('/profile/security/passkeys', signedIn, async (req, res) => {
    const { user, idHash } = await caller(req);
    noStore(res);
    res.status(201).json(await addPasskey(deps, user, idHash, AddPasskeySchema.parse(req.body)));
  });

  r.delete('/profile/security/passkeys/:passkeyId', signedIn, async (req, res) => {
    const { user } = await caller(req);
    res.json(await removePasskey(deps, user, idParam(req.params.passkeyId, 'Passkey'), CurrentPasswordInputSchema.parse(req.body ?? {}).currentPassword));
  });

  return r;
}
