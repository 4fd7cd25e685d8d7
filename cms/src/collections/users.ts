import type { CollectionConfig } from 'payload';
import { cmsAdminsOnly, editorsOnly } from '../access/editors';
import { cmsConfig } from '../config';
import { siteSessionStrategy } from '../auth/site-session-strategy';
import { keepLockFieldsForAdmins } from '../hooks/keep-lock-fields-for-admins';

/** People who edit content in the CMS (site members live in the API, not here). */
export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    maxLoginAttempts: 8,
    lockTime: 10 * 60 * 1000,
    // Secure behind https, like the site's session cookie; Lax as everywhere on the one origin.
    cookies: { secure: cmsConfig.secureCookies, sameSite: 'Lax' },
    // Site admins come in with their site session (one sign-in); everyone else with Payload's login.
    strategies: [siteSessionStrategy],
  },
  admin: { useAsTitle: 'email' },
  access: {
    read: editorsOnly,
    create: cmsAdminsOnly,
    update: ({ req, id }) => req.user?.role === 'admin' || req.user?.id === id,
    delete: cmsAdminsOnly,
    // Payload lets any signed-in user unlock any account; only CMS admins may.
    unlock: cmsAdminsOnly,
  },
  hooks: { beforeChange: [keepLockFieldsForAdmins] },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'editor',
      options: [
        { label: 'Admin', value: 'admin' },
        { label: 'Editor', value: 'editor' },
      ],
      access: { update: ({ req }) => req.user?.role === 'admin' },
    },
    {
      name: 'siteUserId',
      type: 'number',
      unique: true,
      index: true,
      admin: { readOnly: true, position: 'sidebar', description: 'The site admin this CMS user signs in as (set at their first visit from the site).' },
      access: { create: () => false, update: () => false },
    },
  ],
};
