import { z } from 'zod';

// What the CMS tells the API when a contributor submits an article for review (issue 47 #13), so
// the editors hear of it instead of waiting to filter the list: a site notification to those linked
// to a site account, a mail to the others.

const id = z.number().int().positive().max(2_147_483_647);

/** The most CMS users one submission tells (the CMS's editors and admins; more is not a newsroom this site runs). */
export const MAX_REVIEW_EDITORS = 200;

/**
 * POST /api/internal/review-requested: the article (its CMS id and title), who submitted it (their
 * name, or their address when they gave none), and the CMS users who may publish it, the submitter
 * left out — each with the site account they sign in as (null: a CMS password of their own) and
 * their address.
 */
export const ReviewRequestedSchema = z.strictObject({
  articleId: id,
  title: z.string().trim().min(1).max(200),
  requestedBy: z.string().trim().min(1).max(320),
  editors: z.array(z.strictObject({ siteUserId: id.nullable(), email: z.string().trim().max(320).pipe(z.email()) })).max(MAX_REVIEW_EDITORS),
});
export type ReviewRequested = z.infer<typeof ReviewRequestedSchema>;
/** How many editors were told in the app and how many by mail (a repeat within minutes tells no one again). */
export type ReviewRequestedAnswer = { notified: number; mailed: number };
