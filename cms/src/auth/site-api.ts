import { cmsConfig } from '../config';

/** The API's answer: its status, and its JSON body and Retry-After when it sent them. */
export type SiteApiAnswer<T> = { status: number; body: T | null; retryAfter: string | null };

/**
 * A service call to the API's private address with the internal secret (single sign-on, who still
 * administers, the sign-in throttle). Null when the API is not configured (the CMS run alone).
 * Throws when the API cannot be reached: each caller decides what that means.
 */
export async function askSiteApi<T>(path: string, init: { body?: unknown; cookie?: string } = {}): Promise<SiteApiAnswer<T> | null> {
  const { apiUrl, internalSecret } = cmsConfig;
  if (!apiUrl || !internalSecret) return null;
  const headers: Record<string, string> = { 'x-internal-secret': internalSecret };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${apiUrl}/api/internal${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(3_000),
  });
  const body = (await res.json().catch(() => null)) as T | null;
  return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
}
