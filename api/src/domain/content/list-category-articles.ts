import type { ArticleSummary, Category } from '@app/shared';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from './content-index.ts';

/** The articles of one category; an unknown category is "Category Not Found". */
export function listCategoryArticles(index: ContentIndex, slug: string): { category: Category; articles: ArticleSummary[] } {
  const key = slug.toLowerCase();
  const category = index.categories.get(key);
  const articles = index.articlesByCategory.get(key);
  if (!category && !articles) throw new AppError('not_found', 'Category Not Found');
  return {
    category: category ?? { slug: key, title: key, description: '', icon: 'book-open', colour: '#4f46e5', headerImage: null },
    articles: articles ?? [],
  };
}
