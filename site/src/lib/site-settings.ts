import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '@app/shared/browser';
import { siteConfig } from '../config';

/**
 * The site's settings (admin → Settings, or the CMS's Site settings) for the page being rendered:
 * name, tagline, links, ads, banner. The middleware sets them before every render
 * (`useSiteSettings`): a prerendered page's from the build's content snapshot, a page rendered on
 * demand from its build's `site-settings.json` (pages/site-settings.json.ts, handed over by the site
 * server). So the bundles hold no settings, and a settings change is a content build (a second or
 * two) instead of a full one (issue 53 #6). Live bindings: every importer reads the current values.
 */
export let siteSettings: SiteSettings = DEFAULT_SITE_SETTINGS;
export let SITE_NAME = siteSettings.siteName;
/** The channel linked in the footer, on articles and on /videos: the settings' video-channel link, else PUBLIC_CHANNEL_URL. */
export let CHANNEL_URL = channelUrl(siteSettings);
/** "July 1, 2023": the policies' Last Updated date (stored as YYYY-MM-DD, read as that calendar day anywhere). */
export let policiesLastUpdated = lastUpdated(siteSettings);

/** The settings every page rendered next shows. */
export function useSiteSettings(settings: SiteSettings): void {
  if (settings === siteSettings) return;
  siteSettings = settings;
  SITE_NAME = settings.siteName;
  CHANNEL_URL = channelUrl(settings);
  policiesLastUpdated = lastUpdated(settings);
}

function channelUrl(settings: SiteSettings): string {
  return settings.socialLinks.youtube || siteConfig.channelUrl;
}

function lastUpdated(settings: SiteSettings): string {
  return new Date(`${settings.policiesLastUpdated}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
