// No zod here: islands import this, and a schema built at module level would ship zod to every page.

/** free < pro < vip everywhere (DESIGN §7.1). */
export const TIERS = ['free', 'pro', 'vip'] as const;
export type Tier = (typeof TIERS)[number];

export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

export type Viewer = { tier: Tier; isAdmin: boolean } | null;

/**
 * The one rule for content access: free content is open to everyone; anything else needs a
 * signed-in viewer whose tier is at least the required one. Admins see everything.
 */
export function canAccessTier(viewer: Viewer, required: Tier): boolean {
  if (required === 'free') return true;
  if (!viewer) return false;
  if (viewer.isAdmin) return true;
  return tierRank(viewer.tier) >= tierRank(required);
}

export const tierLabel: Record<Tier, string> = { free: 'Free', pro: 'Premium', vip: 'VIP' };

/** Plain tier names for people ("a Pro membership"). */
export const tierName: Record<Tier, string> = { free: 'Free', pro: 'Pro', vip: 'VIP' };
