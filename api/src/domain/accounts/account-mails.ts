// The account's own mails. They go to addresses that may not be confirmed yet, so none of them
// carries a word a member chose (no display name, no username): signing up with someone
// else's address must not let anyone put their text in that person's inbox.
import type { Mail } from '../ports/mailer.ts';

type Message = Omit<Mail, 'to'>;

export function confirmationMail(site: string, link: string): Message {
  return {
    subject: `Confirm your ${site} email address`,
    text: `Hello,\n\nWelcome to ${site}! Please confirm this email address by opening this link within 24 hours:\n\n${link}\n\nIf you did not sign up, ignore this email: the account stays unconfirmed and we will not write to you again.\n`,
  };
}

export function signUpAttemptMail(site: string, publicUrl: string): Message {
  return {
    subject: `Someone tried to sign up with your ${site} address`,
    text: `Hello,\n\nSomeone just tried to create a ${site} account with this email address, which already has an account.\n\nIf it was you: you can sign in at ${publicUrl}/auth, or choose "Forgot Password" there to set a new password.\n\nIf it was not you, you can ignore this email; nothing has changed.\n`,
  };
}

export function signInAttemptsMail(site: string, publicUrl: string): Message {
  return {
    subject: `Many failed sign-ins to your ${site} account`,
    text: `Hello,\n\nSomeone tried to sign in to your ${site} account many times in the last hour with a wrong password. Your account is not locked: each address that guesses wrong has to wait, and you can still sign in as usual.\n\nIf it was not you, make sure your password is strong and used nowhere else; you can change it with "Forgot Password" at ${publicUrl}/auth.\n`,
  };
}

export function passwordResetMail(site: string, link: string): Message {
  return {
    subject: `Reset your ${site} password`,
    text: `Hello,\n\nSomeone asked to reset the password of your ${site} account. If it was you, open this link within 30 minutes:\n\n${link}\n\nIf it was not you, ignore this email; your password stays the same.\n`,
  };
}
