import type { CollectionBeforeChangeHook } from 'payload';

/**
 * An account's lock (failed sign-ins, locked until) changes only by Payload's own sign-in
 * handling or by a CMS admin: an editor cannot clear their own lock or anyone else's. Payload
 * counts failures and unlocks through the database directly, so this hook never stands in its way.
 */
export const keepLockFieldsForAdmins: CollectionBeforeChangeHook = ({ data, req }) => {
  if (req.user && req.user.role !== 'admin') {
    delete data.loginAttempts;
    delete data.lockUntil;
  }
  return data;
};
