import { Router } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { getBackyardArticle } from '../domain/backyard/get-backyard-article.ts';
import { noStore } from './no-store.ts';
import type { UserReader } from './session-cookie.ts';
import { signedIn } from './access.ts';

/** Backyard activities (issue 21): an article's body for Pro and above. */
export function backyardRoutes(deps: { content: ContentReadModel; readUser: UserReader }): Router {
  const r = Router();
  r.get('/backyard/:slug', signedIn, async (req, res) => {
    noStore(res);
    res.json(getBackyardArticle(deps.content.current(), req.params.slug.slice(0, 200), await deps.readUser(req)));
  });
  return r;
}
