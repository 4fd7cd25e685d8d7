import { createHash, randomBytes } from 'node:crypto';
import type { AuthStrategy, AuthStrategyResult, Payload } from 'payload';
import type { SiteAdminIdentity } from '@app/shared/browser';
import { cmsConfig } from '../config';
import { CREATED_BY_SIGN_ON } from '../hooks/refuse-site-user-passwords';
import { removeLocalSignIn } from './local-sign-in';
import { askSiteApi } from './site-api';

const CACHE_MS = 5_000;
/** The site's session cookie (api/src/domain/accounts/session-cookie-settings.ts: `__Host-sid` behind https). */
const SITE_SESSION = /(?:^|;\s*)(?:__Host-)?sid=[^;\s]/;
const cache = new Map<string, { at: number; identity: SiteAdminIdentity | null }>();

/**
 * Who the site session in these cookies belongs to, if a site admin: the API answers on its
 * private address with the internal secret, and only for `can(viewer, 'administer')` — moderators,
 * members and visitors get nothing. The admin panel makes many requests: answers are kept 5 s.
 */
async function siteAdminOf(cookie: string): Promise<SiteAdminIdentity | null> {
  const key = createHash('sha256').update(cookie).digest('hex');
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.identity;
  const answer = await askSiteApi<SiteAdminIdentity>('/site-admin', { cookie });
  // Anything but a yes is a no; an unreachable API is not remembered (the next request asks again).
  const identity = answer?.status === 200 ? answer.body : null;
  if (cache.size > 1000) cache.clear();
  cache.set(key, { at: Date.now(), identity });
  return identity;
}

/** Forgets what the API said about this site user's sessions: their next request asks again (their standing changed). */
export function forgetSiteAdmin(siteUserId: number): void {
  for (const [key, hit] of cache) if (hit.identity?.id === siteUserId) cache.delete(key);
}

/**
 * The site admin's CMS user: the one linked to them, else the one with their confirmed email (linked
 * now), else a new CMS admin. A linked user has no password and no Payload session (issue 34): the
 * site session, checked on every request, is their only way in, so losing the site role ends it.
 */
async function cmsUserFor(payload: Payload, admin: SiteAdminIdentity) {
  const linked = await payload.find({ collection: 'users', where: { siteUserId: { equals: admin.id } }, limit: 1, depth: 0, overrideAccess: true });
  if (linked.docs[0]) return linked.docs[0];
  const byEmail = await payload.find({ collection: 'users', where: { email: { equals: admin.email.toLowerCase() } }, limit: 1, depth: 0, overrideAccess: true });
  const existing = byEmail.docs[0];
  if (existing) {
    // An unconfirmed address proves nothing: it must not open an editor's account.
    if (!admin.emailConfirmed) return null;
    const user = await payload.update({ collection: 'users', id: existing.id, data: { siteUserId: admin.id }, depth: 0, overrideAccess: true });
    await removeLocalSignIn(payload, user.id);
    return user;
  }
  // Payload stores a password for every new user; this one is never known and is taken away at once.
  const user = await payload.create({ collection: 'users', data: { email: admin.email, name: admin.displayName, role: 'admin', siteUserId: admin.id, password: randomBytes(32).toString('hex') }, context: { [CREATED_BY_SIGN_ON]: true }, depth: 0, overrideAccess: true });
  await removeLocalSignIn(payload, user.id);
  return user;
}

/**
 * One sign-in (issue 23): a site admin who opens /cms/admin while signed in to the site is a CMS
 * user without a second password. Runs before Payload's own JWT strategy; editors without a site
 * account keep Payload's login. Cross-site writes are refused as Payload refuses them for its cookie.
 */
export const siteSessionStrategy: AuthStrategy = {
  name: 'site-session',
  async authenticate({ headers, payload }): Promise<AuthStrategyResult> {
    const cookie = headers.get('cookie');
    // Without a site session there is nobody to ask about: every request of an editor signed in
    // with a password (their sign-in among them) would otherwise wait on the API first (issue 47 #9).
    if (!cookie || !SITE_SESSION.test(cookie) || headers.get('x-internal-secret')) return { user: null };
    const origin = headers.get('origin');
    if (origin && origin !== cmsConfig.publicUrl) return { user: null };
    const admin = await siteAdminOf(cookie).catch(() => null);
    if (!admin) return { user: null };
    const user = await cmsUserFor(payload, admin);
    if (!user) {
      payload.logger.warn({ siteUserId: admin.id }, 'site admin not signed in to the CMS: a CMS user has their unconfirmed email');
      return { user: null };
    }
    return { user: { ...user, collection: 'users', _strategy: 'site-session' } };
  },
};
