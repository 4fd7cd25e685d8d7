import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_LISTS, type MailList } from '@app/shared/browser';

// The one-click unsubscribe link of a notification mail, the digest or the newsletter (issue 37
// #6, #8; RFC 8058): a token bound to one member and one list (a kind, `digest` or `newsletter`), signed with a key derived from the internal secret. It never expires
// (a mail read a year later still stops that kind); it can only ever turn that kind's mail off.
const keyOf = (secret: string) => createHmac('sha256', secret).update('notification-unsubscribe/v1').digest();
const signatureOf = (secret: string, userId: number, kind: MailList) => createHmac('sha256', keyOf(secret)).update(`${userId}:${kind}`).digest();

export function signUnsubscribeToken(secret: string, userId: number, kind: MailList): string {
  return `${userId.toString(36)}.${kind}.${signatureOf(secret, userId, kind).toString('base64url')}`;
}

/** The member and kind a token was signed for; null for anything else. */
export function readUnsubscribeToken(secret: string, token: unknown): { userId: number; kind: MailList } | null {
  if (typeof token !== 'string') return null;
  const match = /^([0-9a-z]{1,8})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match || !(MAIL_LISTS as readonly string[]).includes(match[2]!)) return null;
  const userId = Number.parseInt(match[1]!, 36);
  const kind = match[2] as MailList;
  if (!Number.isSafeInteger(userId) || userId <= 0) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = signatureOf(secret, userId, kind);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
}
