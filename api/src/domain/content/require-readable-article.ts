import { AppError } from '../../lib/app-error.ts';
import { requireReadable } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex, IndexedArticle } from './content-index.ts';

/** The article, if the caller may read it (and so its comments and its quiz). */
export function requireReadableArticle(index: ContentIndex, articleId: number, caller: UserRow | null): IndexedArticle {
  const article = index.articles.get(articleId);
  if (!article) throw new AppError('not_found', 'Article not found');
  requireReadable(caller, article.summary, 'You need a higher membership tier to read this article and its comments.');
  return article;
}
