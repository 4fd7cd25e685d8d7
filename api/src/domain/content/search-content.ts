import { publicVideo } from '@app/shared/browser';
import type { SearchResults } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { searchBulletinPosts } from '../bulletin/search-bulletin-posts.ts';
import type { ContentIndex } from './content-index.ts';

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/**
 * Searches the in-memory read model: every query word must appear in the title, excerpt or
 * category (articles), title or description (videos), name, description or category (products),
 * title or text (bulletin posts anyone may read, from the database). Premium bodies are never
 * searched, so a result never hints at locked text. Title hits rank first.
 */
export async function searchContent(deps: { db: Db; index: ContentIndex }, q: string, limit = 20): Promise<SearchResults> {
  const { index } = deps;
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (words.length === 0) return { query: q, articles: [], videos: [], products: [], bulletin: [] };
  const rank = <T>(items: T[], title: (t: T) => string, rest: (t: T) => string) =>
    items
      .map((item) => {
        const t = fold(title(item));
        const all = `${t} ${fold(rest(item))}`;
        if (!words.every((w) => all.includes(w))) return null;
        return { item, score: words.filter((w) => t.includes(w)).length };
      })
      .filter((x): x is { item: T; score: number } => x !== null)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit)
      .map((x) => x.item);
  return {
    query: q,
    articles: rank(index.articleList, (a) => a.title, (a) => `${a.excerpt} ${a.categoryTitle}`),
    videos: rank(index.videos, (v) => v.title, (v) => v.description).map(publicVideo),
    products: rank([...index.products.values()], (p) => p.name, (p) => `${p.description} ${p.category}`),
    bulletin: await searchBulletinPosts(deps.db, words, limit),
  };
}
