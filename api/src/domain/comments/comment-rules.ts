import { AppError } from '../../lib/app-error.ts';
import { requirePermission, requireReadable } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** The article, if the caller may read it (and so its comments). */
export function requireReadableArticle(index: ContentIndex, articleId: number, caller: UserRow | null) {
  const article = index.articles.get(articleId);
  if (!article) throw new AppError('not_found', 'Article not found');
  requireReadable(caller, article.summary, 'You need a higher membership tier to read this article and its comments.');
  return article;
}

/** Commenting needs a signed-in Pro (or VIP) member in good standing; admins may always comment. */
export function requireCommenter(caller: UserRow | null): UserRow {
  return requirePermission(caller, 'comment');
}
