import type { Db } from '../db/client.ts';
import { Router, type Request } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { getArticleJson } from '../domain/content/get-article.ts';
import { getProduct } from '../domain/content/get-product.ts';
import { listCategoryArticles } from '../domain/content/list-category-articles.ts';
import { searchContent } from '../domain/content/search-content.ts';
import { readingTier, type Viewer } from '@app/shared/browser';
import { IdParamSchema, SearchQuerySchema } from '@app/shared/schemas';
import { noStore } from './no-store.ts';
import { sendJson, sendShared, sendValidated } from './send-validated.ts';
import { anyone } from './access.ts';

/** Who is asking, as permissions see them (see docs/glossary.md). */
export type ViewerReader = (req: Request) => Promise<Viewer>;

/** Content endpoints, all served from the in-memory read model (visitors never wait on the CMS). */
export function contentRoutes(deps: { db: Db; content: ContentReadModel; readViewer: ViewerReader }): Router {
  const r = Router();
  const index = () => deps.content.current();

  r.get('/articles', anyone, (req, res) => sendShared(req, res, index().articleListJson));
  r.get('/categories', anyone, (_req, res) => res.json([...index().categories.values()]));
  r.get('/articles/category/:category', anyone, (req, res) => {
    res.json(listCategoryArticles(index(), req.params.category));
  });
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
  r.get('/youtube/videos', anyone, async (req, res) => {
    const tier = req.headers.cookie ? readingTier(await deps.readViewer(req)) : null;
    const content = index();
    sendValidated(req, res, { json: content.videosJsonFor(tier), etag: `"videos-${content.version}-${tier ?? 'visitor'}"` });
  });
  r.get('/products', anyone, (req, res) => sendShared(req, res, index().productsJson));
  r.get('/products/featured', anyone, (req, res) => sendShared(req, res, index().featuredProductsJson));
  r.get('/products/:id', anyone, (req, res) => {
    const id = IdParamSchema.safeParse(req.params.id);
    res.json(getProduct(index(), id.success ? id.data : -1));
  });
  return r;
}
