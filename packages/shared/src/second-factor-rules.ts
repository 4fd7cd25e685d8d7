// The second factor's rules and shapes without zod (issue 52; DESIGN §7.27), for pages and islands
// (@app/shared/browser) and the API; second-factor.ts has the request schemas.

/** Recovery codes handed out at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A dangerous action asks for the second factor again when the last one is older than this. */
export const STEP_UP_MS = 10 * 60 * 1000;
/** How long a sign-in waits for its second step, and a passkey challenge for its answer. */
export const SECOND_STEP_MS = 5 * 60 * 1000;
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

/** The error codes of the API's refusals (in the spec's `{ message, code }` shape). */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';
export const SECOND_FACTOR_SETUP_REQUIRED = 'second_factor_setup_required';

/** Where staff without a second factor are sent, and where members manage theirs. */
export const SECURITY_PATH = '/profile/security';

export const TOTP_CODE = /^\d{6}$/;
/** Recovery codes read as two groups of five letters and digits: `k7m2p-q9x4t`. */
export const RECOVERY_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;

/** What a member types: spaces and case do not matter. */
export const normalizeCode = (code: string) => code.replace(/\s+/g, '').toLowerCase();
export const isTotpCode = (code: string) => TOTP_CODE.test(code);
export const isRecoveryCode = (code: string) => RECOVERY_CODE.test(code);

/** One passkey as its owner sees it in Profile → Security. */
export type PasskeyInfo = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/** GET /api/profile/security. */
export type SecurityOverview = {
  totp: { enabled: boolean; enabledAt: string | null };
  passkeys: PasskeyInfo[];
  recoveryCodesLeft: number;
  /** Staff must keep a second factor (DESIGN §7.27). */
  required: boolean;
  /** When this session last passed a second factor. */
  verifiedAt: string | null;
};

/** POST /api/profile/security/totp/setup: the secret to type or scan, and its QR code drawn by our API (an SVG data URL). */
export type TotpSetup = { secret: string; uri: string; qrCode: string };
/** Recovery codes, shown once (on first setup and when regenerated). */
export type RecoveryCodes = { recoveryCodes: string[] };

/** Which second steps a sign-in may take. */
export type SecondStepMethod = 'totp' | 'passkey' | 'recovery-code';
/** POST /api/login's answer when the password was right and a second step is due (no session yet). */
export type SecondStepNeeded = { secondFactorRequired: true; methods: SecondStepMethod[]; message: string };

export function needsSecondStep(answer: object): answer is SecondStepNeeded {
  return 'secondFactorRequired' in answer && answer.secondFactorRequired === true;
}

/** GET /api/auth/second-factor: where this session's second factor stands. */
export type SecondFactorStanding = { hasSecondFactor: boolean; verifiedAt: string | null; recentUntil: string | null };
