import { sql } from 'drizzle-orm';
import { TIERS, type Tier } from '@app/shared/browser';
import { articleStatus, type AdminArticle } from '@app/shared/schemas';
import type { CmsArticle } from '@app/shared/server';
import type { Db } from '../../db/client.ts';
import { articleViews } from '../../db/schema/content.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';

/** An article as the CMS lists it for staff: drafts included, any field possibly missing (an untitled draft). */
export type CmsArticleState = Pick<CmsArticle, 'id' | 'title' | 'publishDate' | 'unpublishDate' | 'membershipRequired' | 'category'> & { _status?: string | null; createdAt?: string | null };
export type ArticleStateReader = { articleStates(): Promise<CmsArticleState[]> };

const tierOf = (value: string | null | undefined): Tier => TIERS.find((t) => t === value) ?? TIERS[0];

/**
 * GET /api/admin/articles (Admin → Articles; issue 47 #13): every article the CMS holds — the read
 * model has only what is on the site — with where it stands (draft, scheduled, live, ended) and
 * how often it was read in all, newest first. Categories are named from the loaded content.
 */
export async function listAdminArticles(deps: { db: Db; cms: ArticleStateReader; content: ContentReadModel }, caller: UserRow | null, now = Date.now()): Promise<AdminArticle[]> {
  requirePermission(caller, 'administer');
  const [states, views] = await Promise.all([
    deps.cms.articleStates(),
    deps.db.select({ articleId: articleViews.articleId, views: sql<string>`sum(${articleViews.views})` }).from(articleViews).groupBy(articleViews.articleId),
  ]);
  const viewsOf = new Map(views.map((v) => [v.articleId, Number(v.views)]));
  const categories = new Map((deps.content.current().snapshot.records.categories ?? []).map((c) => [c.id, c]));
  const when = (a: CmsArticleState) => Date.parse(a.publishDate ?? a.createdAt ?? '') || 0;
  return [...states]
    .sort((a, b) => when(b) - when(a) || b.id - a.id)
    .map((a) => {
      const categoryId = typeof a.category === 'object' ? (a.category?.id ?? null) : (a.category ?? null);
      const category = categoryId === null ? undefined : categories.get(categoryId);
      return {
        id: a.id,
        title: a.title ?? '',
        category: category?.slug ?? null,
        categoryTitle: category?.title ?? null,
        membershipRequired: tierOf(a.membershipRequired),
        status: articleStatus(a, now),
        publishDate: a.publishDate ?? null,
        views: viewsOf.get(a.id) ?? 0,
      };
    });
}
