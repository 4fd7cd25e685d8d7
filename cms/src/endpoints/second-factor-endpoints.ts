import type { CmsSecondFactorReset, CmsSignInAttempt } from '@app/shared/schemas';
import type { Endpoint, PayloadRequest } from 'payload';
import { clientAddress } from '../auth/client-address';
import { confirmedFactorOf, regenerateRecoveryCodes, resetSecondFactor } from '../auth/second-factor';
import {
  REGENERATE_NO_FACTOR,
  REGENERATE_WRONG_CODE,
  RESET_ADMINS_ONLY,
  RESET_NOTHING,
  RESET_NOT_YOURSELF,
  SIGN_IN_FIRST,
} from '../auth/second-factor-texts';
import { askSiteApi } from '../auth/site-api';
import { THROTTLE_PATIENCE, THROTTLE_UNAVAILABLE } from '../hooks/throttle-sign-in';

const answer = (status: number, body: object) => Response.json(body, { status });

/**
 * POST /cms/api/users/:id/reset-second-factor — a CMS admin resets another CMS user's
 * authenticator (issue 52): its secret and recovery codes go and every session of the user ends,
 * in one statement; the user sets up a new one at their next sign-in (the sign-in's setup step).
 * Not their own: an admin locked out asks another admin, and a stolen admin session cannot swap
 * the admin's own authenticator for the thief's.
 */
export const resetSecondFactorEndpoint: Endpoint = {
  path: '/:id/reset-second-factor',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return answer(401, { message: SIGN_IN_FIRST });
    if (req.user.role !== 'admin') return answer(403, { message: RESET_ADMINS_ONLY });
    const id = Number(req.routeParams?.id);
    if (!Number.isInteger(id) || id < 1) return answer(404, { message: 'Not found' });
    if (id === req.user.id) return answer(403, { message: RESET_NOT_YOURSELF });
    const targetEmail = await resetSecondFactor(req.payload, id);
    if (!targetEmail) return answer(409, { message: RESET_NOTHING });
    req.payload.logger.info({ admin: req.user.id, user: id }, 'a CMS admin reset a CMS user\'s authenticator');
    await auditReset(req, targetEmail);
    return answer(200, { reset: true });
  },
};

/**
 * The API audits the reset and mails the user (issue 52 #5). The reset already happened and
 * stands if the API cannot be reached (an admin helping a locked-out user is not kept waiting on
 * it); the CMS then logs a warning with who reset whom, for the audit to be made up from the logs.
 */
async function auditReset(req: PayloadRequest, targetEmail: string): Promise<void> {
  const admin = req.user as { id: number; email: string; siteUserId?: number | null };
  const body: CmsSecondFactorReset = { actorEmail: admin.email, actorSiteUserId: admin.siteUserId ?? null, targetEmail };
  const told = await askSiteApi('/cms-sign-in/second-factor-reset', { body }).catch(() => undefined);
  if (told === null || told?.status === 200) return;
  req.payload.logger.warn({ admin: admin.id, actorEmail: body.actorEmail, targetEmail, status: told?.status ?? 'unreachable' }, 'the API did not audit a CMS authenticator reset nor mail the user');
}

/**
 * Every try at a code counts toward the site's CMS sign-in throttle, as a sign-in's does: a stolen
 * session cannot guess its way to new recovery codes. A right code takes its attempt back.
 */
async function countAttempt(req: PayloadRequest, email: string): Promise<Response | (() => void)> {
  const attempt: CmsSignInAttempt = { account: email.trim().toLowerCase().slice(0, 320), address: clientAddress(req.headers) };
  const counted = await askSiteApi<{ attempt: number[]; message?: string }>('/cms-sign-in/attempts', { body: attempt }, THROTTLE_PATIENCE).catch(() => undefined);
  if (counted === null) return () => {};
  if (counted?.status === 429) return answer(429, { message: counted.body?.message ?? 'Too many attempts. Please try again later.' });
  if (counted?.status !== 200 || !counted.body) return answer(503, { message: THROTTLE_UNAVAILABLE });
  const done = { ...attempt, attempt: counted.body.attempt };
  return () => void askSiteApi('/cms-sign-in/succeeded', { body: done }).catch(() => {});
}

/**
 * POST /cms/api/users/regenerate-recovery-codes `{ code }` — a signed-in CMS user with an
 * authenticator types its current code and gets 10 new recovery codes, shown once; the old ones
 * stop working at once (issue 52).
 */
export const regenerateRecoveryCodesEndpoint: Endpoint = {
  path: '/regenerate-recovery-codes',
  method: 'post',
  handler: async (req) => {
    if (!req.user || req.user.collection !== 'users') return answer(401, { message: SIGN_IN_FIRST });
    const user = req.user as { id: number; email: string };
    if (!(await confirmedFactorOf({ payload: req.payload, transactionID: undefined }, user.id))) return answer(409, { message: REGENERATE_NO_FACTOR });
    const body = (await req.json?.().catch(() => null)) as { code?: unknown } | null;
    const code = typeof body?.code === 'string' ? body.code.slice(0, 32) : '';
    const counted = await countAttempt(req, user.email);
    if (counted instanceof Response) return counted;
    const recoveryCodes = code ? await regenerateRecoveryCodes(req.payload, user.id, code) : null;
    if (!recoveryCodes) return answer(401, { message: REGENERATE_WRONG_CODE });
    counted();
    return answer(200, { recoveryCodes });
  },
};
