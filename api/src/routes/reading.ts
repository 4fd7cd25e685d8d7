import { ArticleViewSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { countView } from '../domain/reading/count-view.ts';
import type { ViewCounter } from '../domain/reading/view-counter.ts';
import { anyone } from './access.ts';

/**
 * POST /api/views (issue 39): the static article page's beacon. Anyone may send it; the answer is
 * 204 whether or not the view was counted (too many from one address included), and it sets no cookie.
 */
export function readingRoutes(deps: { content: ContentReadModel; views: ViewCounter }): Router {
  const r = Router();
  r.post('/views', anyone, async (req, res) => {
    // The client's address as the trusted proxy gives it (app.ts), handed to the counter only.
    countView(deps, ArticleViewSchema.parse(req.body), { userAgent: req.get('user-agent'), doNotTrack: req.get('dnt'), globalPrivacyControl: req.get('sec-gpc'), address: req.ip ?? '' });
    // The busiest write there is, and anyone's: it changes no list, so the lists' cache stays.
    res.locals.listsUnchanged = true;
    res.status(204).end();
  });
  return r;
}
