import { RECOVERY_CODE_COUNT, isTotpCode, normalizeCode } from '@app/shared/browser';
import { acceptedStep, createSecretBox, newRecoveryCode, newTotpSecret, recoveryCodeHash, totpQrCode, totpUri, type SecretBox } from '@app/shared/second-factor-secrets';
import { sql, type PostgresAdapter } from '@payloadcms/db-postgres';
import type { Payload, PayloadRequest } from 'payload';
import { cmsConfig } from '../config';
import type { CmsTotpSetup } from './second-factor-texts';

/** How long a CMS user has to scan the QR code and type the app's first code. */
export const SETUP_MS = 15 * 60 * 1000;
/** What the authenticator app shows as the account's site. */
const ISSUER = 'CMS';

/**
 * CMS users' authenticator secrets are sealed as the API seals its members' (the shared secret
 * box), under a key derived from the CMS's own secret: the API cannot open them, nor the CMS the API's.
 */
const secrets = (): SecretBox => createSecretBox(cmsConfig.payloadSecret, 'cms/second-factor/totp-secrets/v1');

type Sql = { execute(query: ReturnType<typeof sql>): Promise<{ rows: Record<string, unknown>[] }> };

/** The database the request works in: its login's transaction when it has one (a refusal rolls it back). */
async function dbOf(req: Pick<PayloadRequest, 'payload' | 'transactionID'>): Promise<Sql> {
  const adapter = req.payload.db as unknown as PostgresAdapter;
  const id = req.transactionID ? await req.transactionID : undefined;
  return ((id !== undefined && adapter.sessions[id]?.db) || adapter.drizzle) as unknown as Sql;
}

/** The user's authenticator, if they finished setting one up. */
export async function confirmedFactorOf(req: Pick<PayloadRequest, 'payload' | 'transactionID'>, userId: number): Promise<{ secret: string | null; lastStep: number } | null> {
  const { rows } = await (await dbOf(req)).execute(sql`select "totp_secret", "totp_last_step" from "cms"."users" where "id" = ${userId} and "totp_confirmed_at" is not null`);
  const row = rows[0];
  return row ? { secret: typeof row.totp_secret === 'string' ? secrets().open(row.totp_secret) : null, lastStep: Number(row.totp_last_step ?? 0) } : null;
}

/**
 * A typed second step: the authenticator's code (±1 step of drift, each step once and none older
 * than one used: the step is moved atomically, so a replayed or parallel code fails) or one of the
 * user's recovery codes (each once: taken out of the stored list as it is used).
 */
export async function passCode(req: Pick<PayloadRequest, 'payload' | 'transactionID'>, userId: number, typed: string): Promise<'totp' | 'recovery-code' | null> {
  const code = normalizeCode(typed);
  const db = await dbOf(req);
  if (isTotpCode(code)) {
    const factor = await confirmedFactorOf(req, userId);
    const step = factor?.secret ? await acceptedStep(factor.secret, code, factor.lastStep) : null;
    if (step === null) return null;
    const moved = await db.execute(sql`update "cms"."users" set "totp_last_step" = ${step} where "id" = ${userId} and "totp_last_step" < ${step} returning "id"`);
    return moved.rows.length === 1 ? 'totp' : null;
  }
  const used = await db.execute(sql`
    update "cms"."users" set "recovery_code_hashes" = "recovery_code_hashes" - ${recoveryCodeHash(code)}::text
    where "id" = ${userId} and "totp_confirmed_at" is not null and "recovery_code_hashes" ? ${recoveryCodeHash(code)}::text returning "id"`);
  return used.rows.length === 1 ? 'recovery-code' : null;
}

/**
 * A new authenticator secret for a CMS user who has none, stored nowhere yet: it travels sealed in
 * the setup token (bound to the user, expiring after SETUP_MS) until the sign-in that confirms it
 * with the app's first code — so a password alone never changes the account.
 */
export async function startSetup(user: { id: number; email: string }, nowMs = Date.now()): Promise<CmsTotpSetup> {
  const secret = newTotpSecret();
  const uri = totpUri(secret, ISSUER, user.email);
  const setupToken = secrets().seal(JSON.stringify({ user: user.id, secret, until: nowMs + SETUP_MS }));
  return { secret, uri, qrCode: await totpQrCode(uri), setupToken };
}

/** The secret a setup token carries, if it was made for this user and has not expired. */
export function secretOfSetup(setupToken: string, userId: number, nowMs = Date.now()): string | null {
  const opened = secrets().open(setupToken);
  if (!opened) return null;
  const { user, secret, until } = JSON.parse(opened) as { user: number; secret: string; until: number };
  return user === userId && until > nowMs ? secret : null;
}

/**
 * Turns the authenticator on with the app's first code (±1 step of drift) and answers the user's
 * RECOVERY_CODE_COUNT recovery codes (stored hashed, shown once); null for a wrong code, or when
 * another sign-in turned one on meanwhile.
 */
export async function confirmSetup(req: Pick<PayloadRequest, 'payload' | 'transactionID'>, userId: number, secret: string, code: string): Promise<string[] | null> {
  const step = isTotpCode(normalizeCode(code)) ? await acceptedStep(secret, normalizeCode(code), 0) : null;
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const turnedOn = await (await dbOf(req)).execute(sql`
    update "cms"."users" set "totp_secret" = ${secrets().seal(secret)}, "totp_confirmed_at" = now(), "totp_last_step" = ${step},
      "recovery_code_hashes" = ${JSON.stringify(codes.map(recoveryCodeHash))}::jsonb
    where "id" = ${userId} and "totp_confirmed_at" is null returning "id"`);
  return turnedOn.rows.length === 1 ? codes : null;
}

/**
 * Gives a CMS user a known authenticator secret, confirmed, unless they have one: the first admin's
 * from CMS_ADMIN_TOTP_SECRET (the demo's published one, test stacks' own), and tests' editors.
 */
export async function giveAuthenticator(payload: Payload, userId: number, secret: string): Promise<void> {
  await (await dbOf({ payload, transactionID: undefined })).execute(sql`
    update "cms"."users" set "totp_secret" = ${secrets().seal(secret)}, "totp_confirmed_at" = now(), "totp_last_step" = 0
    where "id" = ${userId} and "totp_confirmed_at" is null`);
}

/** Ends every Payload session of the user (their tokens stop working at their next request). */
export async function endSessions(payload: Payload, userId: number): Promise<void> {
  await (await dbOf({ payload, transactionID: undefined })).execute(sql`delete from "cms"."users_sessions" where "_parent_id" = ${userId}`);
}

/** Whether a CMS user signs in with a password and has an authenticator (what the user page offers). */
export async function secondFactorStateOf(payload: Payload, userId: number): Promise<{ hasPassword: boolean; hasAuthenticator: boolean } | null> {
  const { rows } = await (await dbOf({ payload, transactionID: undefined })).execute(sql`
    select "hash" is not null as "has_password", "totp_confirmed_at" is not null as "has_authenticator" from "cms"."users" where "id" = ${userId}`);
  const row = rows[0];
  return row ? { hasPassword: row.has_password === true, hasAuthenticator: row.has_authenticator === true } : null;
}

/**
 * A CMS admin's reset of a user's authenticator (a lost phone and no recovery code left): the
 * secret, its last step and the recovery codes go, and every session of the user ends, in one
 * statement (so all or nothing). The user sets up a new authenticator at their next sign-in.
 * The user's address (for the API's audit entry and mail), or null when the user has no password
 * or no authenticator (nothing to reset).
 */
export async function resetSecondFactor(payload: Payload, userId: number): Promise<string | null> {
  const { rows } = await (await dbOf({ payload, transactionID: undefined })).execute(sql`
    with reset as (
      update "cms"."users" set "totp_secret" = null, "totp_confirmed_at" = null, "totp_last_step" = 0, "recovery_code_hashes" = null
      where "id" = ${userId} and "hash" is not null and "totp_confirmed_at" is not null returning "id", "email"
    ), ended as (delete from "cms"."users_sessions" where "_parent_id" in (select "id" from reset))
    select "email" from reset`);
  return rows.length === 1 ? String((rows[0] as { email: unknown }).email) : null;
}

/**
 * New recovery codes for a user who types their authenticator's current code (not a recovery
 * code: those are what is being replaced). The code's step is used up and the old codes replaced
 * in one conditional statement, so a replayed code or a parallel request fails. Null for a wrong
 * code; the RECOVERY_CODE_COUNT new codes otherwise (stored hashed, shown once).
 */
export async function regenerateRecoveryCodes(payload: Payload, userId: number, typed: string): Promise<string[] | null> {
  const code = normalizeCode(typed);
  if (!isTotpCode(code)) return null;
  const req = { payload, transactionID: undefined };
  const factor = await confirmedFactorOf(req, userId);
  const step = factor?.secret ? await acceptedStep(factor.secret, code, factor.lastStep) : null;
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const replaced = await (await dbOf(req)).execute(sql`
    update "cms"."users" set "totp_last_step" = ${step}, "recovery_code_hashes" = ${JSON.stringify(codes.map(recoveryCodeHash))}::jsonb
    where "id" = ${userId} and "totp_confirmed_at" is not null and "totp_last_step" < ${step} returning "id"`);
  return replaced.rows.length === 1 ? codes : null;
}
