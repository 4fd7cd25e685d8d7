import type { Access, CollectionBeforeChangeHook, CollectionBeforeOperationHook, PayloadRequest, Where } from 'payload';
import { APIError, Forbidden } from 'payload';
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

/**
 * Deleting: editors and admins any article, a contributor only their own that were never published
 * (issue 47 #2: deleting an unpublished article took its whole history with it).
 */
export const deleteArticles: Access = ({ req }) => {
  if (!req.user) return false;
  if (mayPublish(req.user)) return true;
  const own: Where[] = [{ owner: { equals: req.user.id } }, { _status: { equals: 'draft' } }, { firstPublishedAt: { exists: false } }];
  return { and: own };
};

const ONLY_EDITORS = 'Only editors publish, unpublish or reschedule an article on the site. Save your changes as a draft and submit it for review.';

/** The article as the site reads it (the document itself, not its latest draft). */
const liveArticle = (req: PayloadRequest, id: number | string) => req.payload.db.findOne<{ id: number | string; _status?: string | null }>({ collection: 'articles', where: { id: { equals: id } }, req });

/**
 * A contributor's save of an article on the site is a draft (a version only): a save without
 * `draft` writes the live document, so `PATCH {_status: 'draft'}` unpublished it (issue 47 #2).
 * Bulk saves without `draft` (the list's Unpublish) are an editor's. Our own code's calls, with
 * access overridden, are not a contributor's.
 */
export const contributorsSaveDrafts: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const a = args as { id?: number | string; draft?: boolean; overrideAccess?: boolean };
  if (operation !== 'update' || a.overrideAccess || !req.user || mayPublish(req.user) || a.draft) return args;
  if (a.id === undefined || (await liveArticle(req, a.id))?._status === 'published') throw new APIError(ONLY_EDITORS, 403);
  return args;
};

const sameTime = (a: unknown, b: unknown) => (a ? Date.parse(String(a)) : null) === (b ? Date.parse(String(b)) : null);

/**
 * The article's owner is whoever created it; a contributor's save can never publish (Payload's
 * create access sees no data, so a contributor's create that asks to publish is refused here),
 * and publishing takes the article out of the review list.
 */
export const editorialRules: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  const user = req.user as RoleUser;
  const next = { ...data };
  if (operation === 'create' && user) next.owner = user.id;
  // A new article (a duplicate too) has never been published, whatever it was copied from.
  if (operation === 'create') next.firstPublishedAt = null;
  if (user && !mayPublish(user) && next._status === 'published') throw new Forbidden(req.t);
  // A published article's times are an editor's too, in a draft as well (the editor would publish them unseen).
  const retimed = ['publishDate', 'unpublishDate'].some((f) => f in next && !sameTime(next[f], originalDoc?.[f]));
  if (user && !mayPublish(user) && operation === 'update' && retimed && (await liveArticle(req, originalDoc.id))?._status === 'published') throw new APIError(ONLY_EDITORS, 403);
  if (next._status === 'published') {
    next.reviewRequested = false;
    // Once on the site (or scheduled for it), an article is a contributor's to delete no more.
    next.firstPublishedAt = originalDoc?.firstPublishedAt ?? new Date().toISOString();
  }
  return next;
};
