import type { IncomingMessage } from 'node:http';
import { ArticleViewSchema, ForwardedViewSchema, ForwardedViewsSchema } from '@app/shared/schemas';
import type express from 'express';
import { Router, type RequestHandler } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { countView } from '../domain/reading/count-view.ts';
import type { ViewCounter } from '../domain/reading/view-counter.ts';
import { addressForwardedBy, type HotWrite } from '../lib/hot-writes.ts';
import { anyone } from './access.ts';

export type ReadingDeps = { content: ContentReadModel; views: ViewCounter };

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
 * POST /api/internal/views (internal.ts): beacons the front door answered 204 itself, a batch at a
 * time (packages/front-door/src/beacon-batches.mjs). Each is counted as the route counts it, from
 * the address the route would have read (the chain the door would have sent), with the reader's
 * own signals. The door answers only for articles the live build has a page for; one deleted since
 * (the build not yet remade) is not counted; one that cannot be read is skipped (and logged), not the batch.
 */
export function forwardedViews(deps: ReadingDeps): RequestHandler {
  return (req, res) => {
    const { views } = ForwardedViewsSchema.parse(req.body);
    let counted = 0;
    let unread = 0;
    for (const item of views) {
      const parsed = ForwardedViewSchema.safeParse(item);
      if (!parsed.success) {
        unread++;
        continue;
      }
      const view = parsed.data;
      if (!deps.content.current().articles.has(view.articleId)) continue;
      const signals = { userAgent: view.userAgent, doNotTrack: view.doNotTrack, globalPrivacyControl: view.globalPrivacyControl, address: addressForwardedBy(req, req.app as express.Express, view.forwardedFor) };
      if (countView(deps, { articleId: view.articleId }, signals) === 'counted') counted++;
    }
    if (unread > 0) req.log.warn({ unread }, 'view beacons in a batch could not be read');
    res.json({ received: views.length, counted, unread });
  };
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
