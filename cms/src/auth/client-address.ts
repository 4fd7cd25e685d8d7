/**
 * The visitor's address as the one proxy in front of the CMS saw it (the front door or Caddy, which
 * each append the address they saw to X-Forwarded-For): the last entry, so an address a visitor
 * writes into the header themselves is never the one counted. Without the header, `direct`.
 */
export function clientAddress(headers: Headers): string {
  const hops = (headers.get('x-forwarded-for') ?? '').split(',').map((h) => h.trim()).filter(Boolean);
  return hops.at(-1)?.slice(0, 100) ?? 'direct';
}
