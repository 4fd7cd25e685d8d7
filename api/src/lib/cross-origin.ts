/** Our origins, as `crossOrigin` compares them. */
export const originSet = (allowedOrigins: string[]): ReadonlySet<string> => new Set(allowedOrigins.map((o) => new URL(o).origin));

/**
 * Whether a state-changing request came from another site: the Origin header must be one of ours.
 * Requests without Origin are checked with Sec-Fetch-Site; clients that send neither (curl,
 * server-to-server) are not browsers and carry no ambient cookies.
 */
export function crossOrigin(allowed: ReadonlySet<string>, origin: string | undefined, fetchSite: string | undefined): boolean {
  if (origin) return origin === 'null' || !allowed.has(origin);
  return fetchSite !== undefined && fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none';
}
