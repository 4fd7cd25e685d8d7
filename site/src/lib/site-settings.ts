import type { SiteSettings } from '@app/shared/browser';
import settings from 'virtual:site-settings';
import { siteConfig } from '../config';

/** The site's settings (admin → Settings, or the CMS's Site settings) as of this build: name, tagline, links, ads, banner. */
export const siteSettings: SiteSettings = settings;
export const SITE_NAME = siteSettings.siteName;

/** The channel linked in the footer, on articles and on /videos: the settings' video-channel link, else PUBLIC_CHANNEL_URL. */
export const CHANNEL_URL = siteSettings.socialLinks.youtube || siteConfig.channelUrl;

/** "July 1, 2023": the policies' Last Updated date (stored as YYYY-MM-DD, read as that calendar day anywhere). */
export const policiesLastUpdated = new Date(`${siteSettings.policiesLastUpdated}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
