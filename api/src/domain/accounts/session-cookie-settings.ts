/**
 * The session cookie: HttpOnly, SameSite=Lax, and behind https Secure with the `__Host-`
 * prefix (so no subdomain or path can shadow it). The HTTP routes set and read it; the chat
 * socket reads it on the upgrade.
 */
export type CookieSettings = { secure: boolean };

export const cookieName = (s: CookieSettings) => (s.secure ? '__Host-sid' : 'sid');
