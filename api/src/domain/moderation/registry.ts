import type { ReportType } from '@app/shared/browser';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports } from '../../db/schema/index.ts';
import { bulletinPostKind } from './kinds/bulletin-post.ts';
import { chatMessageKind } from './kinds/chat-message.ts';
import { commentKind } from './kinds/comment.ts';
import type { ModeratedKind } from './moderated-kind.ts';

/** Every kind of content members can report and staff can hide: the queue, reports and the moderate call read this. */
export const MODERATED_KINDS: Record<ReportType, ModeratedKind> = {
  bulletin: bulletinPostKind,
  chat: chatMessageKind,
  comment: commentKind,
};

export function moderatedKind(type: ReportType): ModeratedKind {
  return MODERATED_KINDS[type];
}

/** Open reports per item of one kind, as a subquery to join (`open.contentId`, `open.n`). */
export function openReportCounts(db: Db, type: ReportType) {
  return db
    .select({ contentId: reports.contentId, n: count().as('n') })
    .from(reports)
    .where(and(eq(reports.type, type), eq(reports.status, 'pending')))
    .groupBy(reports.contentId)
    .as('open');
}
