import type { ArticleView } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';
import type { ViewCounter, ViewOutcome } from './view-counter.ts';

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
 * POST /api/views (issue 39): a reading of a published article today (UTC), counted at most once
 * per article and client address a day, by this instance's view counter (view-counter.ts), which
 * forgets the address at once. Nothing about the reader is read beyond the signals above and the
 * address, and nothing at all is stored but the article's count for the day: no address, cookie
 * or identifier. An article that is not on the site is 404. Beacons past BEACONS_PER_MINUTE from
 * one address are dropped unanswered-for (still 204: a refusal would be a log line naming the
 * address, and a browser's beacon reads no answer).
 */
export function countView(deps: { content: ContentReadModel; views: ViewCounter }, view: ArticleView, signals: ViewSignals & { address: string }): ViewOutcome {
  if (!deps.content.current().articles.has(view.articleId)) throw new AppError('not_found', 'Article not found');
  return deps.views.record(view.articleId, signals.address, countsAsReader(signals));
}
