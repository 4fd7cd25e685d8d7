import type { ArticleSummary } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from './content-index.ts';

/** The articles of one category; an unknown category is "Category Not Found". */
export function listCategoryArticles(index: ContentIndex, slug: string): ArticleSummary[] {
  const key = slug.toLowerCase();
  const articles = index.articlesByCategory.get(key);
  if (!articles && !index.categories.has(key)) throw new AppError('not_found', 'Category Not Found');
  return articles ?? [];
}
