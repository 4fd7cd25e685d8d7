import { can, type Viewer } from '@app/shared/browser';
import type { ArticleDetail } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from './content-index.ts';

/** One article; its body and interactive parts only when the viewer's tier allows (DESIGN §3). */
export function getArticle(index: ContentIndex, id: number, viewer: Viewer): ArticleDetail {
  const article = index.articles.get(id);
  if (!article) throw new AppError('not_found', 'Article not found');
  const allowed = can(viewer, 'read', article.summary);
  return {
    ...article.summary,
    locked: !allowed,
    content: allowed ? article.content : null,
    interactiveData: allowed ? article.publicInteractiveData : null,
  };
}
