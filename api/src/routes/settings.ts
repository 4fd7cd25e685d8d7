import { SiteSettingsSchema } from '@app/shared/schemas';
import { Router } from 'express';
import { requirePermission } from '../domain/accounts/permissions.ts';
import { updateSiteSettings, type SettingsDeps } from '../domain/settings/update-site-settings.ts';
import { noStore } from './no-store.ts';
import type { UserReader } from './session-cookie.ts';
import { anyone, signedIn } from './access.ts';

/** GET /api/settings (public: every field is shown on the site) and the admin's PUT /api/admin/settings. */
export function settingsRoutes(deps: SettingsDeps & { readUser: UserReader }): Router {
  const r = Router();
  r.get('/settings', anyone, (_req, res) => {
    noStore(res);
    res.json(deps.content.current().settings);
  });
  r.put('/admin/settings', signedIn, async (req, res) => {
    // Who may comes before what they sent: a member's malformed body is a 403, not a 400.
    const admin = requirePermission(await deps.readUser(req), 'administer');
    res.json(await updateSiteSettings(deps, admin, SiteSettingsSchema.parse(req.body)));
  });
  return r;
}
