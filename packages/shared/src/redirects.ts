const REDIRECT_BASE = 'http://redirect.invalid';

/**
 * A redirect target after sign-in: only a path on this site. The value is parsed the way the
 * browser will parse it (it drops tabs and newlines and reads `\` as `/`, so `/\tevil.example`
 * is `//evil.example`); anything that resolves to another origin, or does not start with `/`,
 * falls back to the home page.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(value, REDIRECT_BASE);
  } catch {
    return '/';
  }
  // `/.//evil.example` resolves to the path `//evil.example`, which a browser reads as a host.
  if (url.origin !== REDIRECT_BASE || url.pathname.startsWith('//')) return '/';
  return url.pathname + url.search + url.hash;
}
