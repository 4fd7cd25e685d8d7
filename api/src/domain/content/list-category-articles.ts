import { KNOWN_CATEGORY_SLUGS } from '@app/shared/browser';
import type { ArticleSummary } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from './content-index.ts';

/** The articles of one category (none yet for a known one); an unknown category is "Category Not Found". */
export function listCategoryArticles(index: ContentIndex, slug: string): ArticleSummary[] {
  const key = slug.toLowerCase();
  const articles = index.articlesByCategory.get(key);
  if (!articles && !index.categories.has(key) && !KNOWN_CATEGORY_SLUGS.includes(key)) throw new AppError('not_found', 'Category Not Found');
  return articles ?? [];
}
