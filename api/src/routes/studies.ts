import { Router } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { getStudyResource } from '../domain/studies/get-study-resource.ts';
import type { ViewerReader } from './content.ts';
import { noStore } from './no-store.ts';
import { idParam } from './params.ts';
import { anyone } from './access.ts';

/** Self Help Studies (issue 21): one study's intro video, for the viewers who may watch it. */
export function studyRoutes(deps: { content: ContentReadModel; readViewer: ViewerReader }): Router {
  const r = Router();
  r.get('/study-resources/:id', anyone, async (req, res) => {
    noStore(res);
    res.json(getStudyResource(deps.content.current(), idParam(req.params.id, 'Study resource'), await deps.readViewer(req)));
  });
  return r;
}
