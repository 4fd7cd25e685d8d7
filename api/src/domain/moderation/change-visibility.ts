import { and, eq, sql } from 'drizzle-orm';
import { reports } from '../../db/schema/index.ts';
import type { ContentItem, Tx, Visibility } from './moderated-kind.ts';
import { moderatedKind } from './registry.ts';
import { MODERATED_KIND_TERMS } from '@app/shared/browser';
import { notify } from '../notifications/notify.ts';

/**
 * The one hide path: staff hide or show an item of any kind, and its open reports are marked
 * reviewed by them (the spec's comment hide call, the Moderate Content dialog and the queue all
 * come here). Automatic hiding after reports uses the kind directly and leaves the reports open.
 */
export async function changeVisibility(tx: Tx, item: ContentItem, v: Visibility & { by: number }): Promise<void> {
  await moderatedKind(item.type).setVisibility(tx, item, v);
  const reviewed = await tx
    .update(reports)
    .set({ status: 'reviewed', reviewedBy: v.by, reviewedAt: sql`now()` })
    .where(and(eq(reports.type, item.type), eq(reports.contentId, item.id), eq(reports.status, 'pending')))
    .returning({ reporterId: reports.reporterId });
  // Those who reported it hear that it was reviewed (issue 37), from the moderators, not by name.
  const noun = MODERATED_KIND_TERMS[item.type].noun;
  const outcome = v.hidden ? `the ${noun} was hidden. Thank you for telling us.` : `the ${noun} stays up.`;
  await notify(tx, { kind: 'report', recipients: reviewed.map((r) => r.reporterId).filter((id) => id !== v.by), actorId: null, text: `A moderator reviewed your report: ${outcome}`, url: REVIEWED_URL[item.type] });
}

/** Where a reporter is sent to see the place they reported from. */
export const REVIEWED_URL: Record<ContentItem['type'], string> = { bulletin: '/community', chat: '/chat', comment: '/community' };
