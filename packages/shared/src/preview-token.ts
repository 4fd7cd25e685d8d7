// Preview links (issue 36, DESIGN §7.21): a signed token bound to one article and an expiry, so a
// link shows that one draft to whoever holds it until it expires. Signed with a key derived from
// the internal secret, which the API (admins' links) and the CMS (editors' Preview button) share.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview link works unless asked otherwise. */
export const PREVIEW_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (internalSecret: string) => createHmac('sha256', internalSecret).update('preview-links/v1').digest();
const signatureOf = (internalSecret: string, articleId: number, expiresAtSeconds: number) =>
  createHmac('sha256', keyOf(internalSecret)).update(`article:${articleId}:${expiresAtSeconds}`).digest();

/** The token for one article until `expiresAt` (to the second). */
export function signPreviewToken(internalSecret: string, articleId: number, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${seconds.toString(36)}.${signatureOf(internalSecret, articleId, seconds).toString('base64url')}`;
}

/** Whether `token` was signed for this article and has not expired; any other string is false. */
export function verifyPreviewToken(internalSecret: string, articleId: number, token: unknown, now = Date.now()): boolean {
  if (typeof token !== 'string') return false;
  const match = /^([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const seconds = Number.parseInt(match[1]!, 36);
  if (!Number.isSafeInteger(seconds) || seconds * 1000 <= now) return false;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signatureOf(internalSecret, articleId, seconds);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The preview page of one article's latest draft. */
export function previewPath(articleId: number, token: string): string {
  return `/preview/articles/${articleId}?token=${encodeURIComponent(token)}`;
}

/** A preview link as the API answers it. */
export type PreviewLink = { url: string; expiresAt: string };

/** A link for `articleId` on `publicUrl`, valid for `ttlMs` from `now`. */
export function previewLink(internalSecret: string, publicUrl: string, articleId: number, now = Date.now(), ttlMs = PREVIEW_LINK_TTL_MS): PreviewLink {
  const expiresAt = new Date(Math.floor((now + ttlMs) / 1000) * 1000);
  return { url: `${publicUrl.replace(/\/$/, '')}${previewPath(articleId, signPreviewToken(internalSecret, articleId, expiresAt))}`, expiresAt: expiresAt.toISOString() };
}
