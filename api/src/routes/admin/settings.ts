import { SiteSettingsSchema } from '@app/shared/schemas';
import type { Router } from 'express';
import { requirePermission } from '../../domain/accounts/permissions.ts';
import { updateSiteSettings, type SettingsDeps } from '../../domain/settings/update-site-settings.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → Settings: PUT /api/admin/settings (the settings are read by everyone at GET /api/settings). */
export function adminSettingsRoutes(deps: SettingsDeps & { readUser: UserReader }): Router {
  return sectionRouter('settings', deps.readUser, (route) => {
    route('save', async (req, res) => {
      // Who may comes before what they sent: a member's malformed body is a 403, not a 400.
      const admin = requirePermission(await deps.readUser(req), 'administer');
      res.json(await updateSiteSettings(deps, admin, SiteSettingsSchema.parse(req.body)));
    });
  });
}
