// What the CMS's sign-in says about the second factor (issue 52 #3), shared by the server's
// refusals and the sign-in page (components/sign-in). No server code here: the page's script reads it.

/**
 * What the sign-in answers when the password was right but a second step is due (the error's
 * `data`): a code, or an authenticator to set up (a new one, or none when the one being set up stays).
 */
export type SecondStepAnswer = { secondFactor: 'code' } | { secondFactor: 'setup'; setup?: CmsTotpSetup };

/** A new authenticator secret for a CMS user without one: typed or scanned, and a token that carries it to the confirming sign-in. */
export type CmsTotpSetup = { secret: string; uri: string; qrCode: string; setupToken: string };

export const CODE_NEEDED = 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.';
export const WRONG_CODE = "That code isn't right. Please try again.";
export const SETUP_NEEDED = 'Your CMS account needs a second factor before you can sign in. Set up an authenticator app now: it takes a minute.';
export const WRONG_SETUP_CODE = "That code didn't match. Check that your phone's clock is right and type the newest code.";
export const SETUP_EXPIRED = 'This setup took too long and has expired. Scan the new QR code below, then type the code your app shows.';

export const TEXTS = {
  title: 'Sign in to the CMS',
  email: 'Email',
  password: 'Password',
  signIn: 'Sign in',
  forgot: 'Forgot your password?',
  codeTitle: 'Enter your code',
  codeLabel: 'Authenticator code or recovery code',
  codeHelp: 'Open your authenticator app and type the 6-digit code it shows for this CMS. Lost your phone? Type one of your recovery codes instead; each works once.',
  verify: 'Verify',
  back: 'Start again',
  setupTitle: 'Set up an authenticator app',
  setupSteps: [
    'Install an authenticator app on your phone if you do not have one (for example Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden).',
    'In the app, add an account and scan this QR code. If you cannot scan it, type the key below instead.',
    'Type the 6-digit code the app shows, then choose "Turn on and sign in".',
  ],
  setupKey: 'Key to type',
  setupCodeLabel: '6-digit code from the app',
  setupSubmit: 'Turn on and sign in',
  recoveryTitle: 'Save your recovery codes',
  recoveryHelp: 'If you lose your phone, each of these codes signs you in once instead of the authenticator code. They are shown only now: print them or keep them in a password manager.',
  recoveryCopy: 'Copy the codes',
  recoveryCopied: 'Copied',
  recoveryDone: 'I have saved them: open the CMS',
  failed: 'Signing in failed. Please try again.',
} as const;

/** The user page's second-factor panel (issue 52): an admin's reset of another user's authenticator, a user's new recovery codes. */
export const MANAGE_TEXTS = {
  resetTitle: 'Authenticator app',
  resetHelp: 'Lost their phone and their recovery codes? Resetting removes this user\'s authenticator app and recovery codes and signs them out everywhere. At their next sign-in they set up a new authenticator app.',
  resetButton: 'Reset authenticator',
  resetConfirm: 'Reset this user\'s authenticator? They will be signed out everywhere and must set up a new authenticator app at their next sign-in.',
  resetYes: 'Yes, reset it',
  cancel: 'Cancel',
  resetDone: 'Done. This user is signed out and will set up a new authenticator app at their next sign-in.',
  regenerateTitle: 'Recovery codes',
  regenerateHelp: 'Used some of your recovery codes, or think someone saw them? Make 10 new ones. Your old codes stop working at once.',
  regenerateCodeLabel: '6-digit code from your authenticator app',
  regenerateButton: 'Make new recovery codes',
  regenerateDone: 'Your new recovery codes. Each signs you in once instead of the authenticator code. They are shown only now: print them or keep them in a password manager. Your old codes no longer work.',
  copy: 'Copy the codes',
  copied: 'Copied',
  failed: 'That did not work. Please reload the page and try again.',
} as const;

/** The endpoints' refusals. */
export const RESET_ADMINS_ONLY = 'Only a CMS admin can reset another user\'s authenticator.';
export const RESET_NOT_YOURSELF = 'You cannot reset your own authenticator. Ask another CMS admin, or sign in with one of your recovery codes.';
export const RESET_NOTHING = 'This user has no authenticator app to reset.';
export const REGENERATE_NO_FACTOR = 'Your account has no authenticator app: recovery codes come with one.';
export const REGENERATE_WRONG_CODE = "That code isn't right. Type the 6-digit code your authenticator app shows now.";
export const SIGN_IN_FIRST = 'Please sign in first.';
