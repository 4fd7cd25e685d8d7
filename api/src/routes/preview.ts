import { Router } from 'express';
import type { Db } from '../db/client.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { readPreview, type DraftReader } from '../domain/articles/preview-article.ts';
import { anyone } from './access.ts';
import { IdParamSchema } from '@app/shared/schemas';

/** A preview link's article (issue 36): public, the signed token is the permission; never cached, never indexed. */
export function previewRoutes(deps: { db: Db; cms: DraftReader; content: ContentReadModel; preview: { secret: string; publicUrl: string } }): Router {
  const r = Router();
  r.get('/preview/articles/:id', anyone, async (req, res) => {
    res.set({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' });
    // A non-numeric id names no article: the same 404 as a wrong token.
    const id = IdParamSchema.safeParse(req.params.id);
    res.json(await readPreview({ db: deps.db, cms: deps.cms, ...deps.preview, authorName: deps.content.current().settings.authorName }, id.success ? id.data : -1, req.query.token));
  });
  return r;
}
