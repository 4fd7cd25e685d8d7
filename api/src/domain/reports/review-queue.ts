import { excerpt, MODERATED_KIND_TERMS, REPORT_TYPES, type ReportStatus } from '@app/shared/browser';
import type { Report } from '@app/shared/schemas';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reports, users } from '../../db/schema/index.ts';
import { requirePermission } from '../accounts/permissions.ts';
import { authorName } from '../accounts/author-name.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentItem } from '../moderation/moderated-kind.ts';
import { moderatedKind } from '../moderation/registry.ts';

/**
 * GET /api/admin/reports: one review queue for every moderated kind, newest first (200), of the
 * content the caller may read (a moderator does not see reports from rooms they cannot enter).
 */
export async function listReports(db: Db, caller: UserRow | null): Promise<Report[]> {
  const staff = requirePermission(caller, 'moderate');
  const rows = await db
    .select({ report: reports, reporter: { id: users.id, username: users.username, displayName: users.displayName, deletedAt: users.deletedAt, reportsIgnoredAt: users.reportsIgnoredAt } })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(200);
  const items = new Map<string, ContentItem>();
  const unreadable = new Set<string>();
  for (const type of REPORT_TYPES) {
    const ids = [...new Set(rows.filter((r) => r.report.type === type).map((r) => r.report.contentId))];
    const found = await moderatedKind(type).find(db, ids);
    const readable = await moderatedKind(type).readableBy(db, staff, found);
    for (const item of found) {
      if (readable.has(item.id)) items.set(`${type}:${item.id}`, item);
      else unreadable.add(`${type}:${item.id}`);
    }
  }
  return rows.filter(({ report }) => !unreadable.has(`${report.type}:${report.contentId}`)).map(({ report, reporter }) => {
    const item = items.get(`${report.type}:${report.contentId}`);
    return {
      id: report.id,
      type: report.type,
      typeLabel: MODERATED_KIND_TERMS[report.type].label,
      contentId: report.contentId,
      content: item ? excerpt(item.text) : '(removed)',
      fullContent: item?.text ?? '(removed)',
      reporterName: authorName(reporter),
      reporterId: reporter.id,
      reporterIgnored: reporter.reportsIgnoredAt !== null,
      reason: report.reason,
      notes: report.notes,
      reportedAt: report.createdAt.toISOString(),
      status: report.status as ReportStatus,
      isHidden: item?.isHidden ?? false,
      moderationNotes: item?.moderationNotes ?? null,
      hiddenReason: item?.hiddenReason ?? null,
      link: item?.link ?? null,
    };
  });
}
