// Zod-free: islands, CSS generation and the database enum all derive from this list.

/** free < pro < vip everywhere (DESIGN §7.1). Adding a tier is a change here. */
export const TIERS = ['free', 'pro', 'vip'] as const;
export type Tier = (typeof TIERS)[number];

export function tierRank(tier: Tier): number {
  return TIERS.indexOf(tier);
}

const NAMES: Record<Tier, string> = { free: 'Free', pro: 'Pro', vip: 'VIP' };
// The spec's membership badge on articles says "Premium" for pro (spec 01 §2).
const BADGES: Record<Tier, string> = { free: 'Free', pro: 'Premium', vip: 'VIP' };

/** A tier for people: its name ("a Pro membership"), or the badge on content ("Premium"). */
export function tierLabel(tier: Tier, form: 'name' | 'badge' = 'name'): string {
  return (form === 'badge' ? BADGES : NAMES)[tier];
}

/** Select options (CMS fields, admin forms), in tier order. */
export const TIER_OPTIONS = TIERS.map((value) => ({ value, label: tierLabel(value) }));
