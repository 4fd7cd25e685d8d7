import { isoDay } from '@app/shared/browser';
import { sql } from 'drizzle-orm';
import type { ArticleView } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { articleViews } from '../../db/schema/content.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';

/**
 * Programs that read pages on their own: search engines, link previews, monitors, scripts and
 * headless browsers. Their visits are not readers'. (A reader's browser names itself Mozilla/…
 * and none of these words.)
 */
const NOT_A_READER = /bot|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|monitor|uptime|pingdom|lighthouse|pagespeed|headless|phantom|selenium|puppeteer|playwright|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|httpclient|postman/i;

/** What the request says about the reader's wishes and their browser; nothing that names them. */
export type ViewSignals = { userAgent: string | undefined; doNotTrack: string | undefined; globalPrivacyControl: string | undefined };

/** Whether a view is counted: a browser, and a reader who has not asked not to be tracked. */
export function countsAsReader(signals: ViewSignals): boolean {
  if (signals.doNotTrack === '1' || signals.globalPrivacyControl === '1') return false;
  const ua = signals.userAgent ?? '';
  return /^Mozilla\//.test(ua) && !NOT_A_READER.test(ua);
}

/**
 * POST /api/views (issue 39): one more reading of a published article today (UTC). Nothing about
 * the reader is read beyond the signals above, and nothing at all is stored but the article's
 * count for the day: no address, cookie or identifier. An article that is not on the site is 404.
 */
export async function countView(deps: { db: Db; content: ContentReadModel; clock?: () => Date }, view: ArticleView, signals: ViewSignals): Promise<void> {
  if (!deps.content.current().articles.has(view.articleId)) throw new AppError('not_found', 'Article not found');
  if (!countsAsReader(signals)) return;
  const day = isoDay(deps.clock?.() ?? new Date());
  await deps.db
    .insert(articleViews)
    .values({ articleId: view.articleId, day, views: 1 })
    .onConflictDoUpdate({ target: [articleViews.articleId, articleViews.day], set: { views: sql`${articleViews.views} + 1` } });
}
