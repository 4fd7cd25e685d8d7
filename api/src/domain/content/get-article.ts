import { canAccessTier, type ArticleDetail, type Viewer } from '@app/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from './content-index.ts';

/** One article; its body and interactive parts only when the viewer's tier allows (DESIGN §3). */
export function getArticle(index: ContentIndex, id: number, viewer: Viewer): ArticleDetail {
  const article = index.articles.get(id);
  if (!article) throw new AppError('not_found', 'Article not found');
  const allowed = canAccessTier(viewer, article.summary.membershipRequired);
  return {
    ...article.summary,
    locked: !allowed,
    content: allowed ? article.content : null,
    interactiveData: allowed ? article.publicInteractiveData : null,
  };
}
