import type { Payload, TypedUser } from 'payload';
import { mayPublish } from '../access/editorial-roles';

/** The articles list filtered to drafts a contributor submitted (the filter editors used to type in). */
export const REVIEW_LIST = '/cms/admin/collections/articles?where[reviewRequested][equals]=true';

/** How many articles wait for an editor: their latest draft is ticked "Submitted for review". */
export async function awaitingReview(payload: Payload): Promise<number> {
  const { totalDocs } = await payload.find({ collection: 'articles', where: { reviewRequested: { equals: true } }, draft: true, limit: 1, depth: 0, overrideAccess: true, select: { title: true } });
  return totalDocs;
}

/**
 * Above the admin's navigation, for editors and admins (those who publish): "N articles awaiting
 * review", linking to them, on every page of the CMS (issue 47 #13) — a contributor's submission
 * no longer waits for an editor to think of filtering the list.
 */
export async function ReviewQueueNotice({ payload, user }: { payload: Payload; user?: TypedUser | null }) {
  if (!mayPublish(user as { id: number; role?: string | null } | null)) return null;
  const count = await awaitingReview(payload);
  if (count === 0) return null;
  return (
    <a className="review-queue-notice" href={REVIEW_LIST}>
      {count} article{count === 1 ? '' : 's'} awaiting review
    </a>
  );
}
