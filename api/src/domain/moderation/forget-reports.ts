import type { ReportType } from '@app/shared/browser';
import { and, eq, inArray } from 'drizzle-orm';
import { reports } from '../../db/schema/index.ts';
import type { Tx } from './moderated-kind.ts';

/** Removes the reports of deleted items of one kind: what every kind's `forget` does at least. */
export async function forgetReports(tx: Tx, type: ReportType, ids: number[]): Promise<void> {
  if (ids.length > 0) await tx.delete(reports).where(and(eq(reports.type, type), inArray(reports.contentId, ids)));
}
