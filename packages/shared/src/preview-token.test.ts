import { describe, expect, it } from 'vitest';
import { previewLink, signPreviewToken, verifyPreviewToken } from './preview-token.ts';

const SECRET = 'an-internal-secret-for-tests';
const NOW = Date.parse('2026-11-27T12:00:00Z');

describe('preview tokens', () => {
  it('open one article until they expire (7 days by default)', () => {
    const link = previewLink(SECRET, 'https://site.example/', 12, NOW);
    expect(link.expiresAt).toBe('2026-12-04T12:00:00.000Z');
    const url = new URL(link.url);
    expect(url.origin + url.pathname).toBe('https://site.example/preview/articles/12');
    const token = url.searchParams.get('token')!;
    expect(verifyPreviewToken(SECRET, 12, token, NOW)).toBe(true);
    expect(verifyPreviewToken(SECRET, 12, token, Date.parse(link.expiresAt) - 1000)).toBe(true);
    expect(verifyPreviewToken(SECRET, 12, token, Date.parse(link.expiresAt))).toBe(false);
  });

  it('refuse another article, another secret, a changed expiry or signature, and anything not a token', () => {
    const token = signPreviewToken(SECRET, 12, new Date(NOW + 60_000));
    expect(verifyPreviewToken(SECRET, 13, token, NOW)).toBe(false);
    expect(verifyPreviewToken('another-secret', 12, token, NOW)).toBe(false);
    const [expiry, signature] = token.split('.');
    const later = (Number.parseInt(expiry!, 36) + 86_400).toString(36);
    expect(verifyPreviewToken(SECRET, 12, `${later}.${signature}`, NOW)).toBe(false);
    const flipped = signature!.slice(0, -1) + (signature!.endsWith('A') ? 'B' : 'A');
    expect(verifyPreviewToken(SECRET, 12, `${expiry}.${flipped}`, NOW)).toBe(false);
    for (const bad of [undefined, null, 12, '', 'x.y', `${expiry}.${signature}.extra`, `${expiry}`, ['a']]) expect(verifyPreviewToken(SECRET, 12, bad, NOW)).toBe(false);
  });
});
