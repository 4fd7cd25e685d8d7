// Mails about a member's second factor (issue 52 #5). They go to confirmed addresses only
// (mail-to-member.ts) and, like the other account mails, carry no text a member chose — not even
// a passkey's name: they say what happened and where to look.
import type { Mail } from '../ports/mailer.ts';

type Message = Omit<Mail, 'to'>;

const notYou = (publicUrl: string) =>
  `If this was not you, sign in at ${publicUrl}/auth, change your password and look at Profile → Security (${publicUrl}/profile/security), where you can remove what you do not recognise and sign out everywhere.`;

export function factorAddedMail(site: string, publicUrl: string, what: 'passkey' | 'authenticator'): Message {
  const added = what === 'passkey' ? 'A new passkey was added to' : 'An authenticator app was set up for';
  return { subject: `${added} your ${site} account`, text: `Hello,\n\n${added} your ${site} account. It can now be used to sign in.\n\n${notYou(publicUrl)}\n` };
}

export function factorRemovedMail(site: string, publicUrl: string, what: 'passkey' | 'authenticator'): Message {
  const removed = what === 'passkey' ? 'A passkey was removed from' : 'The authenticator app was turned off for';
  return { subject: `A second factor was removed from your ${site} account`, text: `Hello,\n\n${removed} your ${site} account.\n\n${notYou(publicUrl)}\n` };
}

export function recoveryCodeUsedMail(site: string, publicUrl: string, left: number): Message {
  return {
    subject: `A recovery code was used on your ${site} account`,
    text: `Hello,\n\nOne of your recovery codes was just used to sign in to your ${site} account. Each code works once; you have ${left} left. You can make a new set in Profile → Security.\n\n${notYou(publicUrl)}\n`,
  };
}

export function newBrowserMail(site: string, publicUrl: string, device: string): Message {
  return {
    subject: `New sign-in to your ${site} account`,
    text: `Hello,\n\nSomeone signed in to your ${site} account from a browser it had not been used from before (${device}).\n\nIf it was you, there is nothing to do.\n\n${notYou(publicUrl)}\n`,
  };
}

export function factorResetMail(site: string, publicUrl: string): Message {
  return {
    subject: `Your ${site} second factor was reset`,
    text: `Hello,\n\nAn administrator reset the second factor of your ${site} account, as you asked: your passkeys, authenticator app and recovery codes were removed, and every device was signed out. Sign in with your password at ${publicUrl}/auth and set up a new one in Profile → Security.\n\nIf you did not ask for this, reply to this email or contact support at once.\n`,
  };
}

/** To a CMS user (a CMS password of their own, no site account needed) whose authenticator a CMS admin reset. */
export function cmsFactorResetMail(site: string, publicUrl: string): Message {
  return {
    subject: `Your ${site} CMS authenticator was reset`,
    text: `Hello,\n\nAn administrator reset the authenticator app of your ${site} CMS sign-in, as you asked: its recovery codes were removed too, and you were signed out of the CMS everywhere. Sign in with your password at ${publicUrl}/cms/admin and set up a new authenticator app.\n\nIf you did not ask for this, reply to this email or contact support at once.\n`,
  };
}
