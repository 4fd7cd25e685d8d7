import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirects.ts';

describe('the redirect after sign-in', () => {
  it.each([
    ['/articles/4', '/articles/4'],
    ['/subscribe?plan=pro#pay', '/subscribe?plan=pro#pay'],
    ['/a/../profile', '/profile'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['absolute URL', 'https://evil.example/'],
    ['protocol-relative', '//evil.example'],
    ['backslash', '/\\evil.example'],
    ['backslashes', '\\\\evil.example'],
    ['tab (from /%09/…)', '/\t/evil.example'],
    ['newline (from /%0A/…)', '/\n/evil.example'],
    ['carriage return', '/\r/evil.example'],
    ['tab between slashes', '/\t\\evil.example'],
    ['dot segment to a host', '/.//evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: after a slash', '/javascript:alert(1)//'.replace('/', '')],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['no leading slash', 'evil.example'],
    ['leading space', ' //evil.example'],
  ])('refuses %s', (_name, value) => {
    expect(safeRedirectPath(value)).toBe('/');
  });

  it('keeps encoded slashes inside the path, where the browser keeps them too', () => {
    expect(safeRedirectPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(new URL(safeRedirectPath('/%2F%2Fevil.example'), 'http://localhost:3000').origin).toBe('http://localhost:3000');
  });
});
