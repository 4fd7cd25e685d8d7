import type { ReportType } from '@app/shared/browser';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';

/** Open reports per item of one kind, as a subquery to join (`open.contentId`, `open.n`). */
export function openReportCounts(db: Db, type: ReportType) {
  return db
    .select({ contentId: reports.contentId, n: count().as('n') })
    .from(reports)
    .where(and(eq(reports.type, type), eq(reports.status, 'pending')))
    .groupBy(reports.contentId)
    .as('open');
}
