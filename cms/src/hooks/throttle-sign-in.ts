import type { CmsSignInAttempt, CmsSignInSucceeded } from '@app/shared/schemas';
import { APIError, type CollectionAfterOperationHook, type CollectionBeforeOperationHook, type PayloadRequest } from 'payload';
import { clientAddress } from '../auth/client-address';
import { askSiteApi } from '../auth/site-api';

const ATTEMPT = 'signInAttempt';
/** What an editor is told when the site's throttle cannot be asked (the API down or too busy): nobody signs in then. */
export const THROTTLE_UNAVAILABLE = 'Signing in is paused: the CMS could not reach the site to check this sign-in. Nothing is wrong with your password. Please try again in a minute.';
/**
 * Under load the API answers slowly; one sign-in waits at most two tries of 5 s (and a short
 * pause) before it fails closed — never longer, so a down API never holds the login form hanging.
 */
export const THROTTLE_PATIENCE = { timeoutMs: 5_000, retries: 1 };

/**
 * Payload's login (the admin's form, POST /cms/api/users/login) under the site's throttle
 * (issue 34): the API counts every attempt per account and address and per address, before the
 * password is checked, with growing waits (api/src/domain/cms-sign-in). Payload's own lock is
 * off (maxLoginAttempts 0), so guesses from one address never lock the editor out of another.
 * The throttle lives in the API's database, the one place the site's limits live; if the API
 * cannot answer, nobody signs in with a password (it fails closed). Our own code's Local API
 * calls are not counted.
 */
export const throttleSignIn: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login' || req.payloadAPI === 'local') return args;
  const data = (args as { data?: { email?: unknown } }).data;
  if (typeof data?.email !== 'string' || !data.email.trim()) return args;
  const attempt: CmsSignInAttempt = { account: data.email.trim().toLowerCase().slice(0, 320), address: clientAddress(req.headers) };
  const answer = await askSiteApi<{ attempt: number[]; message?: string }>('/cms-sign-in/attempts', { body: attempt }, THROTTLE_PATIENCE).catch((err: Error) => {
    req.payload.logger.error({ err: err.message }, 'the API could not count a CMS sign-in');
    throw new APIError(THROTTLE_UNAVAILABLE, 503);
  });
  // Not configured (the CMS run alone, without the API): nothing to count with.
  if (!answer) return args;
  if (answer.status === 429) throw new APIError(answer.body?.message ?? 'Too many sign-in attempts. Please try again later.', 429, { retryAfter: answer.retryAfter });
  if (answer.status !== 200 || !answer.body) throw new APIError(THROTTLE_UNAVAILABLE, 503);
  req.context[ATTEMPT] = { ...attempt, attempt: answer.body.attempt } satisfies CmsSignInSucceeded;
  return args;
};

/**
 * A successful sign-in is not held against its account: the API takes its attempt back and
 * forgets the account's failures from that address. Not awaited: this runs inside the login's
 * transaction, which must not wait on a network call.
 */
export const signInSucceeded: CollectionAfterOperationHook = ({ operation, req, result }) => {
  const attempt = req.context[ATTEMPT] as CmsSignInSucceeded | undefined;
  if (operation === 'login' && attempt) {
    void askSiteApi('/cms-sign-in/succeeded', { body: attempt }).catch((err: Error) => req.payload.logger.warn({ err: err.message }, 'the API could not forget a CMS sign-in'));
  }
  return result;
};

/**
 * The password was right and the sign-in is answered with its second step (the code to type, or an
 * authenticator to set up): the API takes this attempt back, as it was no guess — else every
 * browser sign-in (password first, then the code) would leave one try counted against its office's
 * address. The account's earlier failures stay counted; a wrong code is counted as before. Not
 * awaited, as above.
 */
export function passwordWasRight(req: PayloadRequest): void {
  const attempt = req.context[ATTEMPT] as CmsSignInSucceeded | undefined;
  if (!attempt) return;
  void askSiteApi('/cms-sign-in/password-right', { body: { attempt: attempt.attempt } }).catch((err: Error) => req.payload.logger.warn({ err: err.message }, 'the API could not take back a CMS sign-in attempt'));
}
