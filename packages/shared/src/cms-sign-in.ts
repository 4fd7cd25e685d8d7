import { z } from 'zod';

// What the CMS and the API say to each other about CMS access (issue 34): who still administers
// the site, and the CMS's password sign-ins counted by the API's one throttle.

/**
 * The PostgreSQL channel on which the API tells the CMS that a site member's role, status or
 * account changed (`SiteAccessChange`, sent in the change's transaction, delivered on commit).
 * The CMS then asks POST /api/internal/site-admins whether they still administer.
 */
export const SITE_ACCESS_CHANNEL = 'site_access_changed';
export const SiteAccessChangeSchema = z.object({ siteUserId: z.number().int().positive() });
export type SiteAccessChange = z.infer<typeof SiteAccessChangeSchema>;

/** POST /api/internal/site-admins: which of these site users are admins who may still sign in (the answer's `ids`). */
export const SiteAdminsQuerySchema = z.object({ ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000) });
export type SiteAdminsQuery = z.infer<typeof SiteAdminsQuerySchema>;
export type SiteAdminsAnswer = SiteAdminsQuery;

/**
 * POST /api/internal/cms-sign-in/attempts: a password sign-in to the CMS, counted before the
 * password is checked (429 with Retry-After past the limit); `account` is the email typed,
 * `address` the visitor's address as the CMS's proxy saw it.
 */
export const CmsSignInAttemptSchema = z.object({ account: z.string().trim().toLowerCase().min(1).max(320), address: z.string().min(1).max(100) });
export type CmsSignInAttempt = z.infer<typeof CmsSignInAttemptSchema>;
/** The attempt's records, handed back when the sign-in succeeded (POST /api/internal/cms-sign-in/succeeded). */
export const CmsSignInSucceededSchema = CmsSignInAttemptSchema.extend({ attempt: z.array(z.number().int().positive()).max(10) });
export type CmsSignInSucceeded = z.infer<typeof CmsSignInSucceededSchema>;
/**
 * POST /api/internal/cms-sign-in/password-right (issue 52 #3): the password was right and the CMS
 * asks for the second step (a code, or an authenticator's setup). No guess was made, so the attempt
 * is taken back; the account's earlier failures stay counted (a success alone forgets them).
 */
export const CmsSignInRefundSchema = z.object({ attempt: z.array(z.number().int().positive()).max(10) });
export type CmsSignInRefund = z.infer<typeof CmsSignInRefundSchema>;

const cmsAddress = z.string().trim().toLowerCase().max(320).pipe(z.email());
/**
 * POST /api/internal/cms-sign-in/second-factor-reset (issue 52 #5): a CMS admin reset a CMS user's
 * authenticator, and the API audits it and mails the user. The CMS users' addresses; the admin's
 * site account when they sign in to the CMS through the site (null: a CMS password of their own).
 */
export const CmsSecondFactorResetSchema = z.strictObject({ actorEmail: cmsAddress, actorSiteUserId: z.number().int().positive().max(2_147_483_647).nullable(), targetEmail: cmsAddress });
export type CmsSecondFactorReset = z.infer<typeof CmsSecondFactorResetSchema>;
