import { cmsConfig } from '../config';

/** The API's answer: its status, and its JSON body and Retry-After when it sent them. */
export type SiteApiAnswer<T> = { status: number; body: T | null; retryAfter: string | null };

/** How long a call waits for the API, and how many more times it tries when the API did not answer. */
export type Patience = { timeoutMs: number; retries: number };
const QUICK: Patience = { timeoutMs: 3_000, retries: 0 };
const RETRY_PAUSE_MS = 250;

/**
 * A service call to the API's private address with the internal secret (single sign-on, who still
 * administers, the sign-in throttle). Null when the API is not configured (the CMS run alone).
 * Throws when the API cannot be reached within `patience` (each try bounded by its timeout; a
 * retry only when nothing answered or a proxy said the API was unavailable, 502–504): each caller
 * decides what that means.
 */
export async function askSiteApi<T>(path: string, init: { body?: unknown; cookie?: string } = {}, patience: Patience = QUICK): Promise<SiteApiAnswer<T> | null> {
  const { apiUrl, internalSecret } = cmsConfig;
  if (!apiUrl || !internalSecret) return null;
  const headers: Record<string, string> = { 'x-internal-secret': internalSecret };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  for (let attempt = 0; ; attempt++) {
    const last = attempt >= patience.retries;
    try {
      const res = await fetch(`${apiUrl}/api/internal${path}`, {
        method: init.body === undefined ? 'GET' : 'POST',
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(patience.timeoutMs),
      });
      if (!last && res.status >= 502 && res.status <= 504) {
        await res.body?.cancel();
      } else {
        const body = (await res.json().catch(() => null)) as T | null;
        return { status: res.status, body, retryAfter: res.headers.get('retry-after') };
      }
    } catch (err) {
      if (last) throw err;
    }
    await new Promise((r) => setTimeout(r, RETRY_PAUSE_MS));
  }
}
