import { DEFAULT_SITE_SETTINGS, SOCIAL_NETWORKS } from '@app/shared/browser';
import { SiteSettingsSchema } from '@app/shared/schemas';
import type { GlobalConfig } from 'payload';
import { editorsOrService } from '../access/editors';
import { cmsAdminsOrService } from '../access/editorial-roles';
import { notifyGlobalChanged } from '../hooks/notify-content-changed';

/** The field's rule from the one settings schema (the API's PUT /api/admin/settings uses the same). */
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } } };
const check = (schema: Schema, value: unknown): string | true => {
  const parsed = schema.safeParse(value);
  return parsed.success || parsed.error.issues[0]?.message || 'Not valid';
};
const rule = (schema: Schema) => (value: unknown) => check(schema, value ?? '');

const shape = SiteSettingsSchema.shape;
const socialShape = shape.socialLinks.shape;
const NETWORK_LABELS = { facebook: 'Facebook', instagram: 'Instagram', x: 'X', youtube: 'Video channel (YouTube)' } as const;

/**
 * The site's settings (issue 23): every page, title and mail reads them from the content
 * snapshot, so a save here rebuilds the site like any content change. Admins change them in the
 * dashboard's Settings tab (through the API with the service secret), CMS admins here.
 */
export const SiteSettings: GlobalConfig = {
  slug: 'site-settings',
  label: 'Site settings',
  access: { read: editorsOrService, update: cmsAdminsOrService },
  hooks: { afterChange: [notifyGlobalChanged] },
  fields: [
    { name: 'siteName', type: 'text', required: true, defaultValue: DEFAULT_SITE_SETTINGS.siteName, validate: rule(shape.siteName) },
    { name: 'tagline', type: 'text', defaultValue: DEFAULT_SITE_SETTINGS.tagline, validate: rule(shape.tagline) },
    { name: 'authorName', type: 'text', required: true, defaultValue: DEFAULT_SITE_SETTINGS.authorName, validate: rule(shape.authorName), admin: { description: 'The default author (the studio) of articles without one.' } },
    { name: 'contactEmail', type: 'text', required: true, defaultValue: DEFAULT_SITE_SETTINGS.contactEmail, validate: rule(shape.contactEmail) },
    {
      name: 'socialLinks',
      type: 'group',
      fields: SOCIAL_NETWORKS.map((network) => ({ name: network, label: NETWORK_LABELS[network], type: 'text' as const, defaultValue: '', validate: rule(socialShape[network]) })),
    },
    { name: 'youtubeChannelHandle', type: 'text', defaultValue: '', validate: rule(shape.youtubeChannelHandle), admin: { description: 'The channel the video sync reads: @handle or a UC… channel id.' } },
    { name: 'adsEnabled', type: 'checkbox', defaultValue: DEFAULT_SITE_SETTINGS.adsEnabled, admin: { description: 'Show the advertising slots (members with an ad-free tier never see them).' } },
    {
      name: 'maintenanceBanner',
      type: 'group',
      fields: [
        { name: 'enabled', type: 'checkbox', defaultValue: false },
        { name: 'text', type: 'text', defaultValue: '', validate: (value: unknown, { siblingData }: { siblingData: Partial<{ enabled: boolean }> }) => check(shape.maintenanceBanner, { enabled: Boolean(siblingData?.enabled), text: value ?? '' }) },
      ],
    },
    { name: 'policiesLastUpdated', label: 'Policies last updated', type: 'text', defaultValue: DEFAULT_SITE_SETTINGS.policiesLastUpdated, validate: rule(shape.policiesLastUpdated.unwrap()), admin: { description: 'YYYY-MM-DD, shown as "Last Updated" on the policies.' } },
  ],
};
