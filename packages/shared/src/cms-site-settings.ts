import { DEFAULT_SITE_SETTINGS, SOCIAL_NETWORKS, type SiteSettings } from './operations.ts';

/** The CMS's `site-settings` global as Payload's REST API returns it (fields unset until first saved). */
export type CmsSiteSettings = {
  siteName?: string | null; tagline?: string | null; authorName?: string | null; contactEmail?: string | null;
  socialLinks?: Partial<Record<(typeof SOCIAL_NETWORKS)[number], string | null>> | null;
  youtubeChannelHandle?: string | null; adsEnabled?: boolean | null;
  maintenanceBanner?: { enabled?: boolean | null; text?: string | null } | null;
  policiesLastUpdated?: string | null;
};

/** The settings every page, title and mail reads; a snapshot without them (older, or never saved) reads today's copy. */
export function toSiteSettings(doc: CmsSiteSettings | null | undefined): SiteSettings {
  const d = DEFAULT_SITE_SETTINGS;
  if (!doc) return d;
  return {
    siteName: doc.siteName?.trim() || d.siteName,
    tagline: doc.tagline ?? d.tagline,
    authorName: doc.authorName?.trim() || d.authorName,
    contactEmail: doc.contactEmail?.trim() || d.contactEmail,
    socialLinks: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, doc.socialLinks?.[n] ?? d.socialLinks[n]])) as SiteSettings['socialLinks'],
    youtubeChannelHandle: doc.youtubeChannelHandle ?? d.youtubeChannelHandle,
    adsEnabled: doc.adsEnabled ?? d.adsEnabled,
    maintenanceBanner: { enabled: Boolean(doc.maintenanceBanner?.enabled && doc.maintenanceBanner.text), text: doc.maintenanceBanner?.text ?? '' },
    policiesLastUpdated: doc.policiesLastUpdated || d.policiesLastUpdated,
  };
}

/** Reads the global with the service secret (its REST read is for editors and our services). */
export async function fetchCmsSiteSettings(cmsUrl: string, secret: string): Promise<CmsSiteSettings> {
  const res = await fetch(`${cmsUrl}/cms/api/globals/site-settings?depth=0`, { headers: { 'x-internal-secret': secret }, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`CMS answered ${res.status} for site-settings`);
  const { siteName, tagline, authorName, contactEmail, socialLinks, youtubeChannelHandle, adsEnabled, maintenanceBanner, policiesLastUpdated } = (await res.json()) as CmsSiteSettings;
  // Only the fields: the global's timestamps would change the content version without a change.
  return { siteName, tagline, authorName, contactEmail, socialLinks, youtubeChannelHandle, adsEnabled, maintenanceBanner, policiesLastUpdated };
}
