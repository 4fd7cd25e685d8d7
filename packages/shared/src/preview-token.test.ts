import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PREVIEW_LINK_TTL_MS, previewLink, readPreviewToken, signPreviewToken } from './preview-token.ts';

const SECRET = 'an-internal-secret-for-tests';
const NOW = Date.parse('2026-11-27T12:00:00Z');
const valid = (articleId: number, token: unknown, now = NOW) => readPreviewToken(SECRET, articleId, token, now) !== null;

describe('preview tokens', () => {
  it('open one article until they expire (7 days by default), and say when their link was made', () => {
    const link = previewLink(SECRET, 'https://site.example/', 12, NOW + 345);
    expect(link.expiresAt).toBe('2026-12-04T12:00:00.000Z');
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe('https://site.example/preview/articles/12');
    const token = url.searchParams.get('token')!;
    expect(readPreviewToken(SECRET, 12, token, NOW)).toEqual({ issuedAt: NOW + 345 });
    expect(valid(12, token, Date.parse(link.expiresAt) - 1000)).toBe(true);
    expect(valid(12, token, Date.parse(link.expiresAt))).toBe(false);
  });

  it('refuse another article, another secret, a changed time, expiry or signature, and anything not a token', () => {
    const token = signPreviewToken(SECRET, 12, new Date(NOW + 60_000), new Date(NOW));
    expect(valid(13, token)).toBe(false);
    expect(readPreviewToken('another-secret', 12, token, NOW)).toBeNull();
    const [issued, expiry, signature] = token.split('.');
    const later = (Number.parseInt(expiry!, 36) + 86_400).toString(36);
    expect(valid(12, `${issued}.${later}.${signature}`)).toBe(false);
    // A link cannot be made to look newer than it is (and so outlive a withdrawal).
    expect(valid(12, `${(NOW + 5000).toString(36)}.${expiry}.${signature}`)).toBe(false);
    expect(valid(12, `${expiry}.${signature}`)).toBe(false);
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A');
    expect(valid(12, `${issued}.${expiry}.${flipped}`)).toBe(false);
    for (const bad of [undefined, null, 12, '', 'x.y', `${token}.extra`, `${expiry}`, ['a']]) expect(valid(12, bad)).toBe(false);
  });

  it('still open the links made before tokens carried their time, as made a lifetime before they expire', () => {
    const seconds = Math.floor((NOW + PREVIEW_LINK_TTL_MS) / 1000);
    const key = createHmac('sha256', SECRET).update('preview-links/v1').digest();
    const v1 = `${seconds.toString(36)}.${createHmac('sha256', key).update(`article:12:${seconds}`).digest('base64url')}`;
    expect(readPreviewToken(SECRET, 12, v1, NOW)).toEqual({ issuedAt: seconds * 1000 - PREVIEW_LINK_TTL_MS });
    expect(valid(13, v1)).toBe(false);
  });
});
