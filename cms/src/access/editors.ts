import type { Access } from 'payload';
import { timingSafeEqual } from 'node:crypto';

/** Signed-in CMS users (editors and admins). */
export const editorsOnly: Access = ({ req }) => Boolean(req.user);

/** CMS admins only (managing editor accounts). */
export const cmsAdminsOnly: Access = ({ req }) => req.user?.role === 'admin';

/**
 * Editors, or our own services (the API's read model and the site build) presenting the shared
 * secret. Article bodies include gated content, so the REST reads are never public.
 */
export const editorsOrService: Access = ({ req }) => Boolean(req.user) || hasServiceSecret(req.headers);

export function hasServiceSecret(headers: Headers): boolean {
  const secret = process.env.INTERNAL_SECRET;
  const given = headers.get('x-internal-secret');
  if (!secret || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
