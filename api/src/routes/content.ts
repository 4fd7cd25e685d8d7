import type { Db } from '../db/client.ts';
import { Router, type Request, type Response } from 'express';
import type { ContentIndex } from '../domain/content/content-index.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { getArticleJson } from '../domain/content/get-article.ts';
import { getProduct } from '../domain/content/get-product.ts';
import { categoryArticlesJson } from '../domain/content/list-category-articles.ts';
import { searchContent } from '../domain/content/search-content.ts';
import { readingTier, type Viewer, viewerOf } from '@app/shared/browser';
import { type HotRead, privateJsonAnswer } from '../lib/hot-reads.ts';
import type { UserReader } from './session-cookie.ts';
import { IdParamSchema, SearchQuerySchema } from '@app/shared/schemas';
import type { SharedJson } from '../lib/shared-json.ts';
import { noStore } from './no-store.ts';
import { sendJson, sendShared, sendValidated } from './send-validated.ts';
import { anyone } from './access.ts';

/** Who is asking, as permissions see them (see docs/glossary.md). */
export type ViewerReader = (req: Request) => Promise<Viewer>;

/**
 * GET /api/articles/:id for a signed-in reader, answered before Express (lib/hot-reads.ts, issue 53
 * #1): the route's own answer — the article as their tier may read it, serialized once per content
 * version — with its header lines. A visitor, or an id the version does not have, goes to the route.
 */
export const articleHotRead =
  (deps: { content: ContentReadModel; readUser: UserReader }): HotRead =>
  async (req, id) => {
    const user = await deps.readUser(req as Request);
    if (!user) return null;
    const index = deps.content.current();
    if (!index.articles.has(id)) return null;
    return privateJsonAnswer(getArticleJson(index, id, viewerOf(user)));
  };

/** Content endpoints, all served from the in-memory read model (visitors never wait on the CMS). */
export function contentRoutes(deps: { db: Db; content: ContentReadModel; readViewer: ViewerReader }): Router {
  const r = Router();
  const index = () => deps.content.current();

  // The public lists: the same for every caller of one content generation, so each is made and
  // compressed once per generation, and says so (sendShared's generation): the front door answers
  // visitors with them itself until the generation changes (issue 53 #2).
  const shared = (req: Request, res: Response, answer: (content: ContentIndex) => SharedJson, vary?: string) => {
    const generation = deps.content.generation();
    sendShared(req, res, answer(index()), { generation, vary });
  };
  r.get('/articles', anyone, (req, res) => shared(req, res, (c) => c.articleListJson));
  r.get('/categories', anyone, (req, res) => shared(req, res, (c) => c.categoriesJson));
  r.get('/articles/category/:category', anyone, (req, res) => shared(req, res, (c) => categoryArticlesJson(c, req.params.category)));
  r.get('/articles/:id', anyone, async (req, res) => {
    const id = IdParamSchema.safeParse(req.params.id);
    const viewer = await deps.readViewer(req);
    // A non-numeric id can name no article: same answer as an unknown one.
    noStore(res);
    sendJson(res, getArticleJson(index(), id.success ? id.data : -1, viewer));
  });
  r.get('/search', anyone, async (req, res) => {
    res.json(await searchContent({ db: deps.db, index: index() }, SearchQuerySchema.parse(req.query).q));
  });
  // Every video for everyone; the player (videoUrl, externalId) of a gated one only for its tier.
  // A visitor's list (no cookie, no Authorization) is one shared answer; a member's is their tier's.
  r.get('/youtube/videos', anyone, async (req, res) => {
    if (!req.headers.cookie && !req.headers.authorization) return shared(req, res, (c) => c.visitorVideosJson, 'Accept-Encoding, Cookie');
    const tier = readingTier(await deps.readViewer(req));
    const content = index();
    sendValidated(req, res, { json: content.videosJsonFor(tier), etag: `"videos-${content.version}-${tier ?? 'visitor'}"` });
  });
  r.get('/products', anyone, (req, res) => shared(req, res, (c) => c.productsJson));
  r.get('/products/featured', anyone, (req, res) => shared(req, res, (c) => c.featuredProductsJson));
  r.get('/products/:id', anyone, (req, res) => {
    const id = IdParamSchema.safeParse(req.params.id);
    res.json(getProduct(index(), id.success ? id.data : -1));
  });
  return r;
}
