import { APIError, type CollectionAfterOperationHook, type CollectionBeforeLoginHook, type CollectionBeforeOperationHook } from 'payload';
import { confirmSetup, confirmedFactorOf, endSessions, passCode, secretOfSetup, startSetup } from '../auth/second-factor';
import { CODE_NEEDED, SETUP_EXPIRED, SETUP_NEEDED, WRONG_CODE, WRONG_SETUP_CODE, type SecondStepAnswer } from '../auth/second-factor-texts';
import { passwordWasRight } from './throttle-sign-in';

const STEP = 'secondStep';
const RESETTING = 'resettingPassword';
const RECOVERY_CODES = 'newRecoveryCodes';

/** What a sign-in's body may carry besides the email and password. */
type SecondStep = { code?: string; setupToken?: string };

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined);
const refuse = (message: string, status: number, answer: SecondStepAnswer) => new APIError(message, status, answer, true);

/**
 * Payload's login reads only the email and password; the second step's fields (`code`,
 * `setupToken`) are kept for the check below. A password reset is marked: it changes the password
 * but must not open a session (see `secondStepDone`).
 */
export const takeSecondStep: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (operation === 'login') {
    const body = { ...(req.data ?? {}), ...((args as { data?: object }).data ?? {}) } as Record<string, unknown>;
    req.context[STEP] = { code: text(body.code, 32), setupToken: text(body.setupToken, 2000) } satisfies SecondStep;
  }
  if (operation === 'resetPassword') req.context[RESETTING] = true;
  return args;
};

/**
 * Every password sign-in of a CMS user needs a second step (issue 52 #3), checked after Payload
 * accepted the password and before it signs a token: a refusal here rolls the login back, session
 * and all, so a password alone never yields a working session. A user with an authenticator types
 * its code or a recovery code; a user without one is handed a new secret to scan and signs in by
 * confirming it. A wrong code leaves the attempt counted by the site's throttle (throttle-sign-in.ts),
 * as a wrong password does; a right password answered with the second step takes it back. Site admins never come here (they have no password).
 */
export const requireSecondFactor: CollectionBeforeLoginHook = async ({ req, user }) => {
  if (req.context[RESETTING]) return user;
  const { code, setupToken } = (req.context[STEP] ?? {}) as SecondStep;
  if (await confirmedFactorOf(req, user.id)) {
    if (!code) {
      passwordWasRight(req);
      throw refuse(CODE_NEEDED, 401, { secondFactor: 'code' });
    }
    if (!(await passCode(req, user.id, code))) throw refuse(WRONG_CODE, 401, { secondFactor: 'code' });
    return user;
  }
  if (!setupToken) {
    passwordWasRight(req);
    throw refuse(SETUP_NEEDED, 403, { secondFactor: 'setup', setup: await startSetup(user) });
  }
  const secret = secretOfSetup(setupToken, user.id);
  if (!secret) {
    passwordWasRight(req);
    throw refuse(SETUP_EXPIRED, 403, { secondFactor: 'setup', setup: await startSetup(user) });
  }
  const recoveryCodes = code ? await confirmSetup(req, user.id, secret, code) : null;
  if (!recoveryCodes) throw refuse(WRONG_SETUP_CODE, 401, { secondFactor: 'setup' });
  req.context[RECOVERY_CODES] = recoveryCodes;
  return user;
};

/**
 * A sign-in that turned the authenticator on answers the recovery codes, once. A password reset
 * ends every session of its user, the one Payload just opened too: they sign in again with the
 * new password and their second step.
 */
export const secondStepDone: CollectionAfterOperationHook = async ({ operation, req, result }) => {
  if (operation === 'login' && req.context[RECOVERY_CODES]) return { ...result, recoveryCodes: req.context[RECOVERY_CODES] as string[] };
  if (operation === 'resetPassword' && result?.user) {
    await endSessions(req.payload, result.user.id as number);
    return { ...result, token: undefined };
  }
  return result;
};
