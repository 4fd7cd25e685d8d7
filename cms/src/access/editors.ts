import type { Access } from 'payload';
import { timingSafeEqual } from 'node:crypto';
import { cmsConfig } from '../config';

/** Signed-in CMS users (editors and admins). */
export const editorsOnly: Access = ({ req }) => Boolean(req.user);

/** CMS admins only (managing editor accounts). */
export const cmsAdminsOnly: Access = ({ req }) => req.user?.role === 'admin';

/**
 * Editors, or our own services (the API's read model and the site build) presenting the shared
 * secret. Article bodies include gated content, so the REST reads are never public.
 */
export const editorsOrService: Access = ({ req }) => Boolean(req.user) || hasServiceSecret(req.headers);

/**
 * A call from one of our services: it presents the internal secret *and* was made to the CMS's
 * private address (CMS_URL). Public requests arrive with the site's host name — the proxies
 * strip the secret header and redirect any other host — so the secret alone never works from outside.
 */
export function hasServiceSecret(headers: Headers): boolean {
  const secret = cmsConfig.internalSecret;
  const given = headers.get('x-internal-secret');
  if (!secret || !given || !calledOnPrivateAddress(headers)) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function calledOnPrivateAddress(headers: Headers): boolean {
  const cmsUrl = cmsConfig.privateUrl;
  if (!cmsUrl) return false;
  return headers.get('host')?.toLowerCase() === new URL(cmsUrl).host.toLowerCase();
}
