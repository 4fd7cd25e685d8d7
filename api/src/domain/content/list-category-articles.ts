import { KNOWN_CATEGORY_SLUGS } from '@app/shared/browser';
import type { ArticleSummary } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { sharedJson, type SharedJson } from '../../lib/shared-json.ts';
import type { ContentIndex } from './content-index.ts';

/** The articles of one category (none yet for a known one); an unknown category is "Category Not Found". */
export function listCategoryArticles(index: ContentIndex, slug: string): ArticleSummary[] {
  const key = slug.toLowerCase();
  const articles = index.articlesByCategory.get(key);
  if (!articles && !index.categories.has(key) && !KNOWN_CATEGORY_SLUGS.includes(key)) throw new AppError('not_found', 'Category Not Found');
  return articles ?? [];
}

/** Each index's category lists as sent (only categories that exist or are known: a bounded set). */
const sentLists = new WeakMap<ContentIndex, Map<string, SharedJson>>();

/** GET /api/articles/category/:category's answer, serialized and compressed once per index and category. */
export function categoryArticlesJson(index: ContentIndex, slug: string): SharedJson {
  const key = slug.toLowerCase();
  let lists = sentLists.get(index);
  if (!lists) sentLists.set(index, (lists = new Map()));
  let json = lists.get(key);
  if (!json) lists.set(key, (json = sharedJson(listCategoryArticles(index, key))));
  return json;
}
