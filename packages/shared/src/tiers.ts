// Tiers as the catalogue (catalogue.ts) lists them. Zod-free: islands, CSS generation and the
// database columns all derive from this list.
import { CATALOGUE } from './catalogue.ts';
import { createCatalogue } from './tier-catalogue.ts';

/** The real catalogue's rules (tier-catalogue.ts), derived once. */
export const catalogue = createCatalogue(CATALOGUE);

/** free < pro < vip everywhere (DESIGN §7.1), in the catalogue's order. */
export const TIERS = catalogue.tiers;
export type Tier = (typeof TIERS)[number];

/** The word for content above the first tier ("This is Premium Content", the Premium tab). */
export const PAID_CONTENT = catalogue.paidContent;

/** A tier's catalogue entry: its pitch and benefits, for the tier's own card or summary. */
export const { tierRank, tierLabel, tiersWith, entry: tierEntry } = catalogue;

/** Select options (CMS fields, admin forms), in tier order. */
export const TIER_OPTIONS = TIERS.map((value) => ({ value, label: tierLabel(value) }));
