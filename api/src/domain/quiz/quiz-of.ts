import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { requireReadableArticle } from '../content/require-readable-article.ts';

/** The article's quiz with its answer key, if the caller may read the article. */
export function quizOf(index: ContentIndex, articleId: number, caller: UserRow | null) {
  const quiz = requireReadableArticle(index, articleId, caller).interactiveData?.quiz;
  if (!quiz) throw new AppError('not_found', 'This article has no quiz.');
  return quiz;
}
