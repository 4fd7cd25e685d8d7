import { previewLink, readPreviewToken, toArticleSummary, type CmsArticle, type PreviewLink } from '@app/shared/server';
import { articleTiming, type PreviewArticle } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { previewLinksRevokedAt } from './revoke-preview-links.ts';

/** An article's latest version as the CMS keeps it, a draft included. */
export type DraftArticle = CmsArticle & { _status?: 'draft' | 'published' | null };
export type DraftReader = { readDraftArticle(id: number): Promise<DraftArticle | null> };
type PreviewDeps = { db: Pick<Db, 'select'>; cms: DraftReader; secret: string; publicUrl: string };

const NOT_FOUND = 'Preview not found';

/**
 * POST /api/admin/articles/{id}/preview-link (issue 36): a link that shows the article's latest
 * version — a draft, a scheduled article — to whoever holds it, for 7 days. Site admins ask for it
 * here; CMS editors get the same link from the CMS's Preview button.
 */
export async function createPreviewLink(deps: PreviewDeps, admin: UserRow | null, articleId: number, now = Date.now()): Promise<PreviewLink> {
  requirePermission(admin, 'administer');
  if (!(await deps.cms.readDraftArticle(articleId))) throw new AppError('not_found', 'Article not found');
  // Made after any withdrawal, even one in this same millisecond (a token made at it is withdrawn).
  const revokedAt = await previewLinksRevokedAt(deps.db, articleId);
  return previewLink(deps.secret, deps.publicUrl, articleId, Math.max(now, (revokedAt ?? 0) + 1));
}

/**
 * GET /api/preview/articles/{id}?token=…: the article's latest version for its preview link. A
 * wrong, tampered, expired or withdrawn token is the same 404 as an article that does not exist; the body is
 * whole (the link is the permission), so the answer is never cached.
 */
export async function readPreview(deps: PreviewDeps & { authorName: string }, articleId: number, token: unknown, now = Date.now()): Promise<PreviewArticle> {
  const claims = readPreviewToken(deps.secret, articleId, token, now);
  if (!claims) throw new AppError('not_found', NOT_FOUND);
  // A link made at or before its article's links were withdrawn is refused like any wrong token.
  const revokedAt = await previewLinksRevokedAt(deps.db, articleId);
  if (revokedAt !== null && claims.issuedAt <= revokedAt) throw new AppError('not_found', NOT_FOUND);
  const doc = await deps.cms.readDraftArticle(articleId);
  if (!doc) throw new AppError('not_found', NOT_FOUND);
  const summary = toArticleSummary(doc, deps.authorName);
  const status = doc._status !== 'published' ? 'draft' : articleTiming(doc, now) === 'scheduled' ? 'scheduled' : 'published';
  return { ...summary, contentHtml: doc.contentHtml ?? '', status };
}
