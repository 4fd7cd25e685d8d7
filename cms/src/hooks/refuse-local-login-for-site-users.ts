import { APIError, type CollectionBeforeLoginHook } from 'payload';
import { SIGNS_IN_THROUGH_SITE } from '../auth/local-sign-in';

/**
 * Payload's own sign-ins (the login form, a password reset, which signs in too) are for CMS users
 * who are not linked to a site admin. Linked users have no password; this refuses them even if
 * one were ever stored, and rolls back a reset that would have set one.
 */
export const refuseLocalLoginForSiteUsers: CollectionBeforeLoginHook = ({ user }) => {
  if (user.siteUserId != null) throw new APIError(SIGNS_IN_THROUGH_SITE, 403);
  return user;
};
