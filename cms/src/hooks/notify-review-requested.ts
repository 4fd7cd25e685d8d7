import { MAX_REVIEW_EDITORS, type ReviewRequested, type ReviewRequestedAnswer } from '@app/shared/schemas';
import { UNTITLED } from '@app/shared/server';
import type { CollectionAfterChangeHook, PayloadRequest } from 'payload';
import { mayPublish } from '../access/editorial-roles';
import { askSiteApi, type Patience } from '../auth/site-api';

/** The API may be slow with many editors to mail; a retry is safe (it tells no one twice). */
const PATIENCE: Patience = { timeoutMs: 10_000, retries: 1 };

/**
 * Who asked (their name, or their address when they gave none) and whoever else may publish it:
 * their site account (if linked) and address. CMS users are a handful; all are read at once.
 */
async function whoIsInvolved(req: PayloadRequest, requesterId: number | string): Promise<Pick<ReviewRequested, 'requestedBy' | 'editors'>> {
  const { docs } = await req.payload.find({ collection: 'users', pagination: false, depth: 0, overrideAccess: true, select: { name: true, email: true, siteUserId: true, role: true }, req });
  const requester = docs.find((u) => u.id === requesterId);
  const editors = docs.filter((u) => u.id !== requesterId && mayPublish(u)).slice(0, MAX_REVIEW_EDITORS);
  return {
    requestedBy: (requester?.name?.trim() || requester?.email || `CMS user ${requesterId}`).slice(0, 320),
    editors: editors.map((u) => ({ siteUserId: u.siteUserId ?? null, email: u.email })),
  };
}

async function tellEditors(req: PayloadRequest, ask: ReviewRequested): Promise<void> {
  try {
    const answer = await askSiteApi<ReviewRequestedAnswer>('/review-requested', { body: ask }, PATIENCE);
    if (answer && answer.status !== 200) req.payload.logger.warn({ status: answer.status, articleId: ask.articleId }, 'the API did not tell the editors of a review request');
  } catch (err) {
    req.payload.logger.warn({ err: (err as Error).message, articleId: ask.articleId }, 'could not reach the API to tell the editors of a review request');
  }
}

/**
 * A contributor's "Submitted for review" tells the editors (issue 47 #13): when a save turns
 * `reviewRequested` on (off or unset before: a later save while it stays on, or an editor's
 * publish, which turns it off, tells no one), the API notifies those who may publish — in the
 * app for editors who sign in through the site, by mail for the others. The call is not awaited:
 * the save neither waits for the API nor holds its transaction open on it, and an API out of
 * reach is logged, never the save's failure.
 */
export const notifyReviewRequested: CollectionAfterChangeHook = async ({ doc, previousDoc, req }) => {
  if (!req.user || doc?.reviewRequested !== true || previousDoc?.reviewRequested === true) return doc;
  const ask: ReviewRequested = { articleId: Number(doc.id), title: (String(doc.title ?? '').trim() || UNTITLED).slice(0, 200), ...(await whoIsInvolved(req, req.user.id)) };
  if (ask.editors.length > 0) void tellEditors(req, ask);
  return doc;
};
