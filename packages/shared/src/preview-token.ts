// Preview links (issue 36, DESIGN §7.21): a signed token bound to one article, the time it was
// made and an expiry, so a link shows that one draft to whoever holds it until it expires — or
// until an admin withdraws the article's earlier links (issue 47 #6: links made at or before that
// time are refused). Signed with a key derived from the internal secret, which the API (admins'
// links) and the CMS (editors' Preview button) share; neither needs to ask the other to make one.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a preview link works unless asked otherwise. */
export const PREVIEW_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const keyOf = (internalSecret: string, version: 'v1' | 'v2') => createHmac('sha256', internalSecret).update(`preview-links/${version}`).digest();
const signatureOf = (internalSecret: string, articleId: number, issuedAtMs: number, expiresAtSeconds: number) =>
  createHmac('sha256', keyOf(internalSecret, 'v2')).update(`article:${articleId}:${issuedAtMs}:${expiresAtSeconds}`).digest();
/** Links made before tokens carried their time (all with the default lifetime). */
const v1SignatureOf = (internalSecret: string, articleId: number, expiresAtSeconds: number) => createHmac('sha256', keyOf(internalSecret, 'v1')).update(`article:${articleId}:${expiresAtSeconds}`).digest();

/** The token for one article, made at `issuedAt` (to the millisecond), until `expiresAt` (to the second). */
export function signPreviewToken(internalSecret: string, articleId: number, expiresAt: Date, issuedAt = new Date()): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  const issued = issuedAt.getTime();
  return `${issued.toString(36)}.${seconds.toString(36)}.${signatureOf(internalSecret, articleId, issued, seconds).toString('base64url')}`;
}

/** What a valid token says: when its link was made (ms since the epoch). */
export type PreviewTokenClaims = { issuedAt: number };

/** The claims of `token` when it was signed for this article and has not expired; null for any other value. */
export function readPreviewToken(internalSecret: string, articleId: number, token: unknown, now = Date.now()): PreviewTokenClaims | null {
  if (typeof token !== 'string') return null;
  const match = /^(?:([0-9a-z]{1,12})\.)?([0-9a-z]{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = match[1] === undefined ? null : Number.parseInt(match[1], 36);
  const seconds = Number.parseInt(match[2]!, 36);
  if (!Number.isSafeInteger(seconds) || seconds * 1000 <= now || (issuedAt !== null && !Number.isSafeInteger(issuedAt))) return null;
  const given = Buffer.from(match[3]!, 'base64url');
  const expected = issuedAt === null ? v1SignatureOf(internalSecret, articleId, seconds) : signatureOf(internalSecret, articleId, issuedAt, seconds);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { issuedAt: issuedAt ?? seconds * 1000 - PREVIEW_LINK_TTL_MS };
}

/** The preview page of one article's latest draft. */
export function previewPath(articleId: number, token: string): string {
  return `/preview/articles/${articleId}?token=${encodeURIComponent(token)}`;
}

/** A preview link as the API answers it. */
export type PreviewLink = { url: string; expiresAt: string };

/** A link for `articleId` on `publicUrl`, made at `now` and valid for `ttlMs` from then. */
export function previewLink(internalSecret: string, publicUrl: string, articleId: number, now = Date.now(), ttlMs = PREVIEW_LINK_TTL_MS): PreviewLink {
  const expiresAt = new Date(Math.floor((now + ttlMs) / 1000) * 1000);
  return { url: `${publicUrl.replace(/\/$/, '')}${previewPath(articleId, signPreviewToken(internalSecret, articleId, expiresAt, new Date(now)))}`, expiresAt: expiresAt.toISOString() };
}
