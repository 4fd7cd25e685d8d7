// The one permission vocabulary (DESIGN §3, STYLE "Rules live in one place"). Zod-free: the API
// enforces these, and pages, islands and the generated CSS only mirror them.
import type { AccountStatus } from './moderation.ts';
import { tierRank, TIERS, type Tier } from './tiers.ts';

/** Who is asking: a signed-in member's tier, role and standing, or null for a visitor. */
export type Viewer = { tier: Tier; isAdmin: boolean; status: AccountStatus } | null;

/** Anything that describes a signed-in account: the API's user row or the browser's User. */
type Account = { membershipTier: Tier; accountStatus: AccountStatus } & ({ isAdmin: boolean } | { role: string });

export function viewerOf(account: Account | null | undefined): Viewer {
  if (!account) return null;
  const isAdmin = 'isAdmin' in account ? account.isAdmin : account.role === 'admin';
  return { tier: account.membershipTier, isAdmin, status: account.accountStatus };
}

/** The lowest tier for each paid perk. "Commenting needs VIP" is a change of one word here. */
export const PERK_TIER = {
  comment: 'pro',
  'create-room': 'pro',
  'member-discount': 'pro',
  'ad-free': 'pro',
} as const satisfies Record<string, Tier>;

export type Action = 'read' | 'post' | 'moderate' | keyof typeof PERK_TIER;
/** What an action is about: reading needs the content's required tier. */
export type Resource = { membershipRequired: Tier };

/** The tier a viewer reads at: admins read everything; visitors read free content only. */
export function readingTier(viewer: Viewer): Tier | null {
  if (!viewer) return null;
  return viewer.isAdmin ? TIERS[TIERS.length - 1]! : viewer.tier;
}

const atLeast = (viewer: Viewer, tier: Tier) => viewer !== null && tierRank(readingTier(viewer)!) >= tierRank(tier);
/** Writing anything members can see needs an account in good standing (under review: read only, DESIGN §7.8). */
const inGoodStanding = (viewer: Viewer) => viewer !== null && viewer.status === 'active';

/**
 * Whether the viewer may do the action. Reading free content needs nothing; other reading needs
 * the tier; posting needs good standing; perks need their tier (admins have them all, except the
 * store discount, which follows the paid tier only).
 */
export function can(viewer: Viewer, action: 'read', resource: Resource): boolean;
export function can(viewer: Viewer, action: Exclude<Action, 'read'>): boolean;
export function can(viewer: Viewer, action: Action, resource?: Resource): boolean {
  switch (action) {
    case 'read':
      return resource!.membershipRequired === 'free' || atLeast(viewer, resource!.membershipRequired);
    case 'post':
      return inGoodStanding(viewer);
    case 'moderate':
      return viewer?.isAdmin === true;
    case 'comment':
    case 'create-room':
      return inGoodStanding(viewer) && atLeast(viewer, PERK_TIER[action]);
    case 'member-discount':
      return viewer !== null && tierRank(viewer.tier) >= tierRank(PERK_TIER['member-discount']);
    case 'ad-free':
      return atLeast(viewer, PERK_TIER['ad-free']);
  }
}

/**
 * Static pages cannot ask `can` per visitor, so CSS mirrors the read rule. <html> carries
 * `data-viewer-tier` (visitor, or the reading tier) and elements say what they need:
 * - `[data-required-tier=T] .premium-overlay` hides once the viewer may read T;
 * - `[data-show-from=T]` shows only to viewers at T or above (visitors count below every tier);
 * - `[data-show-below=T]` shows only to viewers below T.
 * Until the session is known (no attribute yet) the viewer counts as a visitor.
 */
export function tierVisibilityCss(): string {
  const viewers = ['visitor', ...TIERS] as const;
  const rank = (v: (typeof viewers)[number]) => (v === 'visitor' ? -1 : tierRank(v));
  const hidden: string[] = [];
  for (const v of viewers) {
    const html = v === 'visitor' ? `html:not([data-viewer-tier]), html[data-viewer-tier='visitor']` : `html[data-viewer-tier='${v}']`;
    const within = (selector: string) => html.split(', ').map((h) => `${h} ${selector}`);
    for (const t of TIERS) {
      if (rank(v) >= tierRank(t)) hidden.push(...within(`[data-required-tier='${t}'] .premium-overlay`), ...within(`[data-show-below='${t}']`));
      else hidden.push(...within(`[data-show-from='${t}']`));
    }
  }
  return `${hidden.join(',\n')} { display: none; }`;
}
