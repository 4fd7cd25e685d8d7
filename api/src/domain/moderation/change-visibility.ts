import { and, eq, sql } from 'drizzle-orm';
import { reports } from '../../db/schema/index.ts';
import type { ContentItem, Tx, Visibility } from './moderated-kind.ts';
import { moderatedKind } from './registry.ts';

/**
 * The one hide path: staff hide or show an item of any kind, and its open reports are marked
 * reviewed by them (the spec's comment hide call, the Moderate Content dialog and the queue all
 * come here). Automatic hiding after reports uses the kind directly and leaves the reports open.
 */
export async function changeVisibility(tx: Tx, item: ContentItem, v: Visibility & { by: number }): Promise<void> {
  await moderatedKind(item.type).setVisibility(tx, item, v);
  await tx
    .update(reports)
    .set({ status: 'reviewed', reviewedBy: v.by, reviewedAt: sql`now()` })
    .where(and(eq(reports.type, item.type), eq(reports.contentId, item.id), eq(reports.status, 'pending')));
}
