import { and, desc, gte, lte, sql } from 'drizzle-orm';
import type { ArticleStats, ArticleStatsQuery } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { articleViews } from '../../db/schema/content.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';
import { statsRange } from '../stats/periods.ts';

/**
 * GET /api/admin/stats/articles?from=&to= (issue 39): the period's most read articles, and each
 * category's readings, from the daily counts. An article no longer on the site keeps its count
 * and has no title (nor category).
 */
export async function articleStats(deps: { db: Db; content: ContentReadModel }, caller: UserRow | null, query: ArticleStatsQuery, now = new Date()): Promise<ArticleStats> {
  requirePermission(caller, 'administer');
  const { from, to } = statsRange(query, now);
  const total = sql<number>`sum(${articleViews.views})::bigint`;
  const rows = await deps.db
    .select({ articleId: articleViews.articleId, views: total })
    .from(articleViews)
    .where(and(gte(articleViews.day, from), lte(articleViews.day, to)))
    .groupBy(articleViews.articleId)
    .orderBy(desc(total), articleViews.articleId);
  const articles = deps.content.current().articles;
  const byCategory = new Map<string, { category: string; name: string; views: number }>();
  for (const row of rows) {
    const summary = articles.get(row.articleId)?.summary;
    if (!summary) continue;
    const entry = byCategory.get(summary.category) ?? { category: summary.category, name: summary.categoryTitle, views: 0 };
    entry.views += Number(row.views);
    byCategory.set(summary.category, entry);
  }
  return {
    from,
    to,
    top: rows.slice(0, query.limit).map((r) => ({ articleId: r.articleId, title: articles.get(r.articleId)?.summary.title ?? null, views: Number(r.views) })),
    categories: [...byCategory.values()].sort((a, b) => b.views - a.views || a.name.localeCompare(b.name)),
  };
}
