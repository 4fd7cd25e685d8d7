import type { IncomingMessage } from 'node:http';
import { ArticleViewSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { countView } from '../domain/reading/count-view.ts';
import type { ViewCounter } from '../domain/reading/view-counter.ts';
import type { HotWrite } from '../lib/hot-writes.ts';
import { anyone } from './access.ts';

type ReadingDeps = { content: ContentReadModel; views: ViewCounter };

/** What the beacon's request says of the reader's wishes and browser (count-view.ts), and their address. */
const signalsOf = (req: IncomingMessage, address: string) => ({
  userAgent: req.headers['user-agent'],
  doNotTrack: req.headers.dnt as string | undefined,
  globalPrivacyControl: req.headers['sec-gpc'] as string | undefined,
  address,
});

/**
 * POST /api/views (issue 39): the static article page's beacon. Anyone may send it; the answer is
 * 204 whether or not the view was counted (too many from one address included), and it sets no cookie.
 */
export function readingRoutes(deps: ReadingDeps): Router {
  const r = Router();
  r.post('/views', anyone, async (req, res) => {
    // The client's address as the trusted proxy gives it (app.ts), handed to the counter only.
    countView(deps, ArticleViewSchema.parse(req.body), signalsOf(req, req.ip ?? ''));
    // The busiest write there is, and anyone's: it changes no list, so the lists' cache stays.
    res.locals.listsUnchanged = true;
    res.status(204).end();
  });
  return r;
}

/**
 * POST /api/views answered before Express (lib/hot-writes.ts, issue 53 #3): a beacon the route
 * would answer 204; one it refuses (a bad body, an article not on the site) is the route's.
 */
export function viewBeaconHotWrite(deps: ReadingDeps): HotWrite {
  return (req, body, address) => {
    const view = ArticleViewSchema.safeParse(body);
    if (!view.success || !deps.content.current().articles.has(view.data.articleId)) return false;
    countView(deps, view.data, signalsOf(req, address));
    return true;
  };
}
