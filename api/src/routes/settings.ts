import { Router } from 'express';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { noStore } from './no-store.ts';
import { anyone } from './access.ts';

/** GET /api/settings (public: every field is shown on the site); admins change them in Admin → Settings (routes/admin/settings.ts). */
export function settingsRoutes(deps: { content: ContentReadModel }): Router {
  const r = Router();
  r.get('/settings', anyone, (_req, res) => {
    noStore(res);
    res.json(deps.content.current().settings);
  });
  return r;
}
