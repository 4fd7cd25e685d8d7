import { ValidationError, type CollectionBeforeChangeHook } from 'payload';
import { SIGNS_IN_THROUGH_SITE } from '../auth/local-sign-in';

/** Set by the single sign-on on the one create that makes a linked user (its password is random and removed at once). */
export const CREATED_BY_SIGN_ON = 'createdBySignOn';

/**
 * A CMS user linked to a site admin never gets a password (issue 34): not from themselves, a CMS
 * admin or a script. Otherwise a password set while they were a site admin would outlive the
 * site role, and Payload's own login would keep them in after a demotion, suspension or deletion.
 */
export const refuseSiteUserPasswords: CollectionBeforeChangeHook = ({ collection, data, operation, originalDoc, req }) => {
  const linked = (operation === 'update' ? originalDoc?.siteUserId : data.siteUserId) != null;
  if (linked && data.password && !req.context[CREATED_BY_SIGN_ON]) {
    throw new ValidationError({ collection: collection.slug, errors: [{ path: 'password', message: SIGNS_IN_THROUGH_SITE }] });
  }
  return data;
};
