import { and, asc, gt, isNull } from 'drizzle-orm';
import { isoDay, tierLabel } from '@app/shared/browser';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import { memberFacts } from '../admin/member-facts.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { csvRow } from '../audit/csv-row.ts';
import { EXPORT_BATCH } from '../audit/export-audit-log.ts';
import { recordAudit } from '../audit/record-audit.ts';

const HEADER = ['Username', 'Email', 'Tier', 'Status', 'Joined (UTC)', 'Last seen (UTC)', 'Plan'];

/**
 * GET /api/admin/export/members.csv (issue 39): every member, oldest first, as the members list
 * shows them — the email only once it is confirmed (an unconfirmed one may not be theirs), the
 * last time a session of theirs was used, and the plan of a subscription paying now. Deleted
 * accounts are left out. Admins only, streamed in batches, recorded in the audit log first.
 */
export async function exportMembers(db: Db, caller: UserRow | null, now: Date): Promise<{ filename: string; lines: AsyncGenerator<string> }> {
  const admin = requireDangerousPermission(caller, 'administer');
  await recordAudit(db, { actorId: admin.id, action: 'members.exported', details: {} });
  return { filename: `members-${isoDay(now)}.csv`, lines: memberLines(db, now) };
}

async function* memberLines(db: Db, now: Date): AsyncGenerator<string> {
  yield csvRow(HEADER);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ id: users.id, username: users.username, email: users.email, confirmed: users.emailConfirmedAt, tier: users.membershipTier, status: users.accountStatus, joined: users.createdAt })
      .from(users)
      .where(and(gt(users.id, afterId), isNull(users.deletedAt)))
      .orderBy(asc(users.id))
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    const { lastSeen, planOf } = await memberFacts(db, rows.map((r) => r.id), now);
    yield rows
      .map((r) => csvRow([r.username, r.confirmed ? r.email : '', tierLabel(r.tier), r.status, r.joined.toISOString(), lastSeen.get(r.id) ?? '', planOf.get(r.id) ?? '']))
      .join('');
    if (rows.length < EXPORT_BATCH) return;
    afterId = rows.at(-1)!.id;
  }
}
