import type { Access, CollectionBeforeChangeHook, Where } from 'payload';
import { Forbidden } from 'payload';
import { hasServiceSecret } from './editors';

/**
 * The CMS's editorial roles (issue 36): a contributor writes and edits their own drafts and
 * submits them for review, and never publishes; an editor publishes and schedules anything; an
 * admin also manages CMS users and settings (site admins signed in through the site are admins).
 */
type RoleUser = { id: number | string; role?: string | null } | null | undefined;

/** Whether this CMS user may put content live (publish, schedule, unpublish, restore a version live). */
export const mayPublish = (user: RoleUser): boolean => user?.role === 'editor' || user?.role === 'admin';

/**
 * Writing anything but articles: editors and admins. A contributor writes articles only (and
 * uploads the pictures in them); the other collections are on the site the moment they are saved.
 */
export const publishersOnly: Access = ({ req }) => mayPublish(req.user);

/** The site settings: CMS admins, or our own services (the dashboard's Settings tab saves through the API). */
export const cmsAdminsOrService: Access = ({ req }) => req.user?.role === 'admin' || hasServiceSecret(req.headers);

/** A contributor's own articles only; editors and admins every one. */
const ownOnly = (user: RoleUser): boolean | Where => (mayPublish(user) ? true : { owner: { equals: user!.id } });

/** Articles' update: editors and admins any, a contributor their own, never to published (a save, a restore). */
export const updateArticles: Access = ({ req, data }) => {
  if (!req.user) return false;
  if (!mayPublish(req.user) && (data as { _status?: string } | undefined)?._status === 'published') return false;
  return ownOnly(req.user);
};

/** Deleting: editors and admins any article, a contributor their own drafts. */
export const deleteArticles: Access = ({ req }) => {
  if (!req.user) return false;
  if (mayPublish(req.user)) return true;
  const own: Where[] = [{ owner: { equals: req.user.id } }, { _status: { equals: 'draft' } }];
  return { and: own };
};

/**
 * The article's owner is whoever created it; a contributor's save can never publish (Payload's
 * create access sees no data, so a contributor's create that asks to publish is refused here),
 * and publishing takes the article out of the review list.
 */
export const editorialRules: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  const user = req.user as RoleUser;
  const next = { ...data };
  if (operation === 'create' && user) next.owner = user.id;
  if (user && !mayPublish(user) && next._status === 'published') throw new Forbidden(req.t);
  if (next._status === 'published') next.reviewRequested = false;
  return next;
};
