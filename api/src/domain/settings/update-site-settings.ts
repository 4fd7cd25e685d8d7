import type { SiteSettings } from '@app/shared/browser';
import type { SiteSettingsInput } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { requireDangerousPermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';

/** Where the settings live: the CMS's site-settings global, written with the service secret. */
export type SettingsWriter = { updateSettings(settings: SiteSettingsInput): Promise<void> };

export type SettingsDeps = { db: Db; content: ContentReadModel; cms: SettingsWriter };

/** The fields whose value changed, as `{ field: { from, to } }` (nested objects compared whole). */
function changes(before: SiteSettings, after: SiteSettingsInput): Record<string, { from: unknown; to: unknown }> {
  const diff: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(after)) {
    const from = before[key as keyof SiteSettings];
    if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to)) diff[key] = { from, to };
  }
  return diff;
}

/**
 * PUT /api/admin/settings: the CMS global is the one store (editors change it there too). Its
 * save signals a content change like any other, so the site rebuilds with the new settings; the
 * read model is reloaded here at once so the answer and GET /api/settings already show them.
 */
export async function updateSiteSettings(deps: SettingsDeps, caller: UserRow | null, input: SiteSettingsInput): Promise<SiteSettings> {
  const admin = requireDangerousPermission(caller, 'administer');
  const before = deps.content.current().settings;
  const next = { ...input, policiesLastUpdated: input.policiesLastUpdated ?? before.policiesLastUpdated };
  await deps.cms.updateSettings(next);
  const changed = changes(before, next);
  if (Object.keys(changed).length) await recordAudit(deps.db, { actorId: admin.id, action: 'settings.changed', details: { changed } });
  await deps.content.refresh();
  return deps.content.current().settings;
}
