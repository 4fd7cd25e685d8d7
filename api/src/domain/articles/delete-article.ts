import type { Db } from '../../db/client.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';

/** DELETE /api/admin/articles/{id}: an admin removes an article from the CMS; the removal is audited once the CMS has done it. */
export async function deleteArticle(deps: { db: Db; cms: { deleteArticle(id: number): Promise<void> } }, caller: UserRow | null, articleId: number): Promise<void> {
  const admin = requirePermission(caller, 'administer');
  await deps.cms.deleteArticle(articleId);
  await recordAudit(deps.db, { actorId: admin.id, action: 'article.deleted', details: { articleId } });
}
