import type { CollectionConfig, Field } from 'payload';
import { cmsAdminsOnly } from '../access/editors';
import { mayPublish } from '../access/editorial-roles';
import { cmsConfig } from '../config';
import { regenerateRecoveryCodesEndpoint, resetSecondFactorEndpoint } from '../endpoints/second-factor-endpoints';
import { siteSessionStrategy } from '../auth/site-session-strategy';
import { refuseLocalLoginForSiteUsers } from '../hooks/refuse-local-login-for-site-users';
import { requireSecondFactor, secondStepDone, takeSecondStep } from '../hooks/require-second-factor';
import { refuseSiteUserPasswords } from '../hooks/refuse-site-user-passwords';
import { signInSucceeded, throttleSignIn } from '../hooks/throttle-sign-in';

const hiddenField = { hidden: true, access: { read: () => false, create: () => false, update: () => false } } as const;
const secondFactorFields: Field[] = [
  { name: 'totpSecret', type: 'text', ...hiddenField },
  { name: 'totpConfirmedAt', type: 'date', ...hiddenField },
  { name: 'totpLastStep', type: 'number', defaultValue: 0, ...hiddenField },
  { name: 'recoveryCodeHashes', type: 'json', ...hiddenField },
];

/** People who edit content in the CMS (site members live in the API, not here). */
export const Users: CollectionConfig = {
  slug: 'users',
  auth: {
    // No lock per account: anyone could lock the editor out from anywhere. Sign-ins are throttled
    // per account and address instead, by the site's throttle (hooks/throttle-sign-in.ts).
    maxLoginAttempts: 0,
    // Secure behind https, like the site's session cookie; Lax as everywhere on the one origin.
    cookies: { secure: cmsConfig.secureCookies, sameSite: 'Lax' },
    // Site admins come in with their site session (one sign-in), checked on every request; everyone
    // else with Payload's login. A user linked to a site admin never has a password (issue 34).
    strategies: [siteSessionStrategy],
  },
  admin: { useAsTitle: 'email' },
  access: {
    // Editors and admins read every CMS user; a contributor only their own record (issue 47 #6):
    // the history names who saved each version through the articles' `savedBy`, never an address or a role.
    read: ({ req }) => (mayPublish(req.user) ? true : req.user ? { id: { equals: req.user.id } } : false),
    create: cmsAdminsOnly,
    update: ({ req, id }) => req.user?.role === 'admin' || req.user?.id === id,
    delete: cmsAdminsOnly,
    // Payload lets any signed-in user unlock any account; only CMS admins may (there are no locks now).
    unlock: cmsAdminsOnly,
  },
  // An admin resets a user's authenticator; a user makes new recovery codes (issue 52).
  endpoints: [resetSecondFactorEndpoint, regenerateRecoveryCodesEndpoint],
  hooks: {
    beforeOperation: [throttleSignIn, takeSecondStep],
    afterOperation: [signInSucceeded, secondStepDone],
    beforeChange: [refuseSiteUserPasswords],
    // A password is never enough: the authenticator's code, or setting one up (issue 52 #3).
    beforeLogin: [refuseLocalLoginForSiteUsers, requireSecondFactor],
  },
  fields: [
    { name: 'name', type: 'text' },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'editor',
      // Contributors write drafts and submit them; editors publish; admins also manage users (editorial-roles.ts).
      options: [
        { label: 'Admin', value: 'admin' },
        { label: 'Editor', value: 'editor' },
        { label: 'Contributor', value: 'contributor' },
      ],
      access: { update: ({ req }) => req.user?.role === 'admin' },
    },
    {
      name: 'siteUserId',
      type: 'number',
      unique: true,
      index: true,
      admin: { readOnly: true, position: 'sidebar', description: 'The site admin this CMS user signs in as (set at their first visit from the site). A linked user has no password: they sign in through the site, and lose admin when they stop being a site admin.' },
      access: { create: () => false, update: () => false },
    },
    // The second factor of a user who signs in with a password (auth/second-factor.ts): written only
    // by the sign-in, never read or written through the API or shown in the admin.
    ...secondFactorFields,
    // Their reset (admins, for another user) or new recovery codes (the user's own page).
    { name: 'secondFactor', type: 'ui', admin: { position: 'sidebar', components: { Field: '/components/second-factor-panel#SecondFactorPanel' } } },
  ],
};
