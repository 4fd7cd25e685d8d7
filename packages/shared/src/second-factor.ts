// A second factor (issue 52; DESIGN §7.27): passkeys and authenticator codes, required for staff,
// offered to every member. The API parses its requests with these schemas and Profile → Security,
// the sign-in's second step and the step-up dialog validate with them. Written with zod/mini (see forms.ts).
import * as z from 'zod/mini';

import { isRecoveryCode, isTotpCode, normalizeCode, TOTP_CODE } from './second-factor-rules.ts';

export * from './second-factor-rules.ts';

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
/** A typed code: six digits from the app, or a recovery code. */
export const FactorCodeSchema = z.pipe(
  z.string({ error: CODE_MESSAGE }).check(z.maxLength(40, CODE_MESSAGE)),
  z.pipe(z.transform(normalizeCode), z.string().check(z.refine((c) => isTotpCode(c) || isRecoveryCode(c), CODE_MESSAGE))),
);

/** POST /api/login/second-factor and POST /api/auth/second-factor: a code from the app or a recovery code. */
export const SecondFactorCodeSchema = z.object({ code: FactorCodeSchema });
export type SecondFactorCodeInput = z.infer<typeof SecondFactorCodeSchema>;

const TOTP_ONLY = 'Enter the 6-digit code your authenticator app shows.';
/** POST /api/profile/security/totp/confirm: the first code the app shows, proving it was set up. */
export const ConfirmTotpSchema = z.object({
  code: z.pipe(z.string({ error: TOTP_ONLY }).check(z.maxLength(20, TOTP_ONLY)), z.pipe(z.transform(normalizeCode), z.string().check(z.regex(TOTP_CODE, TOTP_ONLY)))),
});
export type ConfirmTotpInput = z.infer<typeof ConfirmTotpSchema>;

/** Turning a factor off, or removing a passkey, needs the password (and a recent second factor). */
export const CurrentPasswordInputSchema = z.object({
  currentPassword: z.string({ error: 'Please enter your current password' }).check(z.minLength(1, 'Please enter your current password'), z.maxLength(100)),
});
export type CurrentPasswordInput = z.infer<typeof CurrentPasswordInputSchema>;

export const PasskeyNameSchema = z.pipe(
  z.string({ error: 'Give the passkey a name' }).check(z.trim()),
  z.string().check(z.minLength(1, 'Give the passkey a name'), z.maxLength(50, 'A passkey name must be at most 50 characters')),
);

/** base64url, as WebAuthn's JSON encodings carry binary values. */
const b64url = (max: number) => z.string().check(z.regex(/^[A-Za-z0-9_-]*$/, 'not base64url'), z.maxLength(max));
const attachment = z.optional(z.enum(['platform', 'cross-platform']));
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** What navigator.credentials.create() answers, as @simplewebauthn/browser encodes it (RegistrationResponseJSON). */
export const RegistrationResponseSchema = z.object({
  id: b64url(1400).check(z.minLength(1)),
  rawId: b64url(1400).check(z.minLength(1)),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000).check(z.minLength(1)),
    attestationObject: b64url(20_000).check(z.minLength(1)),
    authenticatorData: z.optional(b64url(20_000)),
    transports: z.optional(z.array(z.enum(TRANSPORTS)).check(z.maxLength(10))),
    publicKeyAlgorithm: z.optional(z.number()),
    publicKey: z.optional(b64url(20_000)),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: z._default(z.record(z.string(), z.unknown()), {}),
});

/** What navigator.credentials.get() answers (AuthenticationResponseJSON). */
export const AuthenticationResponseSchema = z.object({
  id: b64url(1400).check(z.minLength(1)),
  rawId: b64url(1400).check(z.minLength(1)),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(4000).check(z.minLength(1)),
    authenticatorData: b64url(20_000).check(z.minLength(1)),
    signature: b64url(20_000).check(z.minLength(1)),
    userHandle: z.optional(b64url(200)),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: z._default(z.record(z.string(), z.unknown()), {}),
});

/** POST /api/profile/security/passkeys: the new passkey's name and the browser's answer. */
export const AddPasskeySchema = z.object({ name: PasskeyNameSchema, response: RegistrationResponseSchema });
export type AddPasskeyInput = z.infer<typeof AddPasskeySchema>;

/** POST /api/auth/passkey: the browser's signed answer to a challenge. */
export const PasskeyAnswerSchema = z.object({ response: AuthenticationResponseSchema });
export type PasskeyAnswerInput = z.infer<typeof PasskeyAnswerSchema>;

/** Signing in with a passkey: alone (the browser's account picker) or as the second step after the password. */
const SignInWith = z._default(z.enum(['sign-in', 'second-step'], { error: 'for must be sign-in or second-step' }), 'sign-in');
/** POST /api/login/passkey/options */
export const PasskeySignInOptionsSchema = z.object({ for: SignInWith });
/** POST /api/login/passkey */
export const PasskeySignInSchema = z.object({ for: SignInWith, response: AuthenticationResponseSchema });

