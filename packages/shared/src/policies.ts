// The site's policies (spec 01 "Policies", spec 02 §9): one source for the /policies page and the AI assistant's index.

import type { SiteSettings } from './operations.ts';

export type PolicySection = { id: string; tab: string; title: string; body: string[] };

/** The policies naming the site and the studio as the settings do (the "Last Updated" date is a setting too). */
export const policySections = ({ siteName, authorName }: Pick<SiteSettings, 'siteName' | 'authorName'>): PolicySection[] => [
  { id: 'terms', tab: 'Terms', title: 'Terms of Service', body: [
    `By using ${siteName} you agree to these terms. Our services are not directed to children under 13, and we do not knowingly serve them.`,
    'Membership renews monthly until cancelled. You can cancel at any time from your profile; Pro benefits last until the end of the paid period.',
    'Community spaces are for respectful conversation. We may hide content or suspend accounts that break our guidelines.',
    'To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the 12 months before the claim.',
  ] },
  { id: 'privacy', tab: 'Privacy', title: 'Privacy Policy', body: [
    'We collect the account details you give us (username, email, display name), the content you post and basic usage data needed to run the site.',
    'We use cookies to keep you signed in. Advertising cookies are used only if you accept them in the consent dialog, and never for Pro members.',
    'We never sell your personal data. You can ask us to export or delete your data at any time.',
  ] },
  { id: 'copyright', tab: 'Copyright', title: 'Copyright Policy', body: [
    `All articles, videos and designs on this site are owned by ${authorName} unless stated otherwise.`,
    'You keep the rights to what you post, and grant us a licence to display it on the site.',
    'If you believe content here infringes your copyright, email us with the details and we will review it promptly.',
  ] },
  { id: 'cookies', tab: 'Cookies', title: 'Cookie Policy', body: [
    'Essential cookies keep you signed in and protect forms from misuse; they cannot be switched off.',
    'Your advertising choice is stored in your browser. Clear your site data to be asked again.',
  ] },
];

