import { can, viewerOf, type ReportType } from '@app/shared/browser';
import type { ModerateContentInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { changeVisibility } from '../moderation/change-visibility.ts';
import { STAFF_CONTENT_REFUSAL } from '../moderation/moderated-kind.ts';
import { moderatedKind } from '../moderation/registry.ts';

/**
 * POST /api/admin/content/{type}/{id}/moderate (and the spec's comment hide/restore calls): staff
 * hide with a reason and notes, or show again (which approves a held chat message). Open reports
 * on the item are marked reviewed. Moderators act on members' words in places they may read.
 */
export async function moderateContent(db: Db, caller: UserRow | null, type: ReportType, contentId: number, input: ModerateContentInput): Promise<{ type: ReportType; contentId: number; isHidden: boolean }> {
  const staff = requirePermission(caller, 'moderate');
  const kind = moderatedKind(type);
  const [item] = await kind.find(db, [contentId]);
  if (!item) throw new AppError('not_found', 'That content could not be found.');
  if (!can(viewerOf(staff), 'moderate', { role: item.authorRole })) throw new AppError('forbidden', STAFF_CONTENT_REFUSAL);
  await kind.checkReader(db, staff, item);
  return db.transaction(async (tx) => {
    await changeVisibility(tx, item, input.isHidden ? { hidden: true, reason: input.reason ?? 'other', notes: input.notes ?? null, by: staff.id } : { hidden: false, by: staff.id });
    await recordAudit(tx, { actorId: staff.id, action: input.isHidden ? 'content.hidden' : 'content.shown', targetUserId: item.authorId, details: { type, contentId, reason: input.isHidden ? (input.reason ?? 'other') : null, notes: input.notes ?? null } });
    return { type, contentId, isHidden: input.isHidden };
  });
}
