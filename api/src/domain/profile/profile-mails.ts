// Mails about the member's own account. None carries text a member typed in its subject.
import type { Mail } from '../ports/mailer.ts';

type Message = Omit<Mail, 'to'>;

/** "n•••@example.com": enough for the owner to recognise an address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

export function passwordChangedMail(site: string, publicUrl: string): Message {
  return {
    subject: `Your ${site} password was changed`,
    text: `Hello,\n\nThe password of your ${site} account was just changed, and every other device signed in to it was signed out.\n\nIf it was you, there is nothing more to do.\n\nIf it was not you, set a new password now with "Forgot Password" at ${publicUrl}/auth, and then check your account's email address on your profile.\n`,
  };
}

export function emailChangeLinkMail(site: string, link: string): Message {
  return {
    subject: `Confirm your new ${site} email address`,
    text: `Hello,\n\nSomeone asked to use this address for their ${site} account. If it was you, confirm it by opening this link within 30 minutes:\n\n${link}\n\nUntil you do, the account keeps its old address. If it was not you, ignore this email.\n`,
  };
}

export function emailChangeRequestedMail(site: string, newEmail: string, publicUrl: string): Message {
  return {
    subject: `A change of your ${site} email address was requested`,
    text: `Hello,\n\nSomeone signed in to your ${site} account asked to change its email address to ${maskEmail(newEmail)}. Nothing changes until the link we sent to that address is opened (within 30 minutes).\n\nIf it was not you, change your password now on your profile, or with "Forgot Password" at ${publicUrl}/auth: that also signs out everyone else.\n`,
  };
}

export function emailChangeAttemptMail(site: string, publicUrl: string): Message {
  return {
    subject: `Someone tried to move a ${site} account to your address`,
    text: `Hello,\n\nSomeone signed in to another ${site} account just asked to use this email address, which already belongs to your account. Nothing has changed: an address belongs to one account.\n\nIf you want to sign in, go to ${publicUrl}/auth. If it was not you, you can ignore this email.\n`,
  };
}

export function accountDeletedMail(site: string): Message {
  return {
    subject: `Your ${site} account was deleted`,
    text: `Hello,\n\nYour ${site} account was deleted as you asked. Your profile, email address, sessions and saved videos are gone; what you wrote in others' conversations now shows as from "Deleted member", and your orders are kept for the shop's accounts without your name and address.\n\nThis is the last email we send to this address. Thank you for having been with us.\n`,
  };
}
