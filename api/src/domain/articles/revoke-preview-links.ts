import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { previewLinkRevocations } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/record-audit.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { AppError } from '../../lib/app-error.ts';
import type { DraftReader } from './preview-article.ts';

/** When the article's earlier preview links were withdrawn (ms since the epoch), or null if they never were. */
export async function previewLinksRevokedAt(db: Pick<Db, 'select'>, articleId: number): Promise<number | null> {
  const [row] = await db.select({ at: previewLinkRevocations.revokedAt }).from(previewLinkRevocations).where(sql`${previewLinkRevocations.articleId} = ${articleId}`);
  return row ? row.at.getTime() : null;
}

/**
 * POST /api/admin/articles/{id}/preview-link/revoke (issue 47 #6): every preview link of the
 * article made until now stops working — the admins' and the CMS's Preview button's alike, since
 * each token says when it was made (preview-token.ts); links made afterwards work. The same power
 * as making a link; recorded in the audit log. A second withdrawal never moves the time back.
 */
export async function revokePreviewLinks(deps: { db: Db; cms: DraftReader }, caller: UserRow | null, articleId: number, now = new Date()): Promise<{ revokedAt: string }> {
  const admin = requirePermission(caller, 'administer');
  if (!(await deps.cms.readDraftArticle(articleId))) throw new AppError('not_found', 'Article not found');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(previewLinkRevocations)
      .values({ articleId, revokedAt: now, revokedBy: admin.id })
      .onConflictDoUpdate({ target: previewLinkRevocations.articleId, set: { revokedAt: sql`greatest(${previewLinkRevocations.revokedAt}, excluded.revoked_at)`, revokedBy: admin.id } })
      .returning({ revokedAt: previewLinkRevocations.revokedAt });
    await recordAudit(tx, { actorId: admin.id, action: 'article.preview_links_revoked', details: { articleId } });
    return { revokedAt: row!.revokedAt.toISOString() };
  });
}
