// The catalogue (DESIGN §7.1, §7.4, §7.17; issue 35 #1): the one list of tiers, in order, with
// everything the product says or charges about each. Tiers, the perk table behind `can`, the
// plans sold, the store's discounts and every offer on pages and in mail derive from it
// (tier-catalogue.ts). Adding a tier, changing a price or a store discount is a change here.
// Zod-free: ships to browsers.

/** What a tier may do beyond reading (the perks of `can`). */
export const PERKS = ['comment', 'create-room', 'member-discount', 'ad-free', 'public-profile'] as const;
export type Perk = (typeof PERKS)[number];

export type TierEntry = {
  /** Stored on accounts and content: never renamed once used. */
  id: string;
  /** "a Pro membership", "Pro members". */
  name: string;
  /** The label on content of this tier ("Premium" for pro: spec 01 §2). */
  badge: string;
  /** The perks this tier brings; every tier above keeps them. */
  perks: readonly Perk[];
  /** The share members of this tier save in the store (0 for none). */
  storeDiscount: number;
  /** Sold for a monthly price (a year is twelve months less the yearly discount), granted by our team, or null for everyone's tier. */
  sold: { monthlyCents: number } | 'granted' | null;
  /** What it unlocks, phrase by phrase, for banners and descriptions ("premium articles, comments and member chat rooms"). */
  pitch: readonly string[];
  /** What it brings, as a list: /subscribe, and /membership when the CMS has no copy for it. */
  benefits: readonly string[];
};

export type CatalogueList = {
  /** The word for content above the first tier: "This is Premium Content", the Premium tab. */
  paidContent: string;
  /** A year costs twelve months less this ("Save 15%"). */
  yearlyDiscount: number;
  /** Lowest first: the first tier is everyone's and sold to no one. */
  tiers: readonly TierEntry[];
};

export const CATALOGUE = {
  paidContent: 'Premium',
  yearlyDiscount: 0.15,
  tiers: [
    {
      id: 'free', name: 'Free', badge: 'Free', perks: [], storeDiscount: 0, sold: null,
      pitch: ['free articles and videos', 'the bulletin board', 'games', 'community chat rooms'],
      benefits: ['Free articles and videos', 'Bulletin board access', 'Games and quizzes', 'Community chat rooms'],
    },
    {
      id: 'pro', name: 'Pro', badge: 'Premium', perks: ['comment', 'create-room', 'member-discount', 'ad-free', 'public-profile'], storeDiscount: 0.15, sold: { monthlyCents: 299 },
      pitch: ['premium articles', 'comments', 'member chat rooms'],
      benefits: ['Full access to premium articles', 'Enhanced profile features with upload and share', 'Premium chat rooms', 'Ad-free experience'],
    },
    {
      id: 'vip', name: 'VIP', badge: 'VIP', perks: [], storeDiscount: 0.15, sold: 'granted',
      pitch: ['every article', 'the VIP rooms', '1-on-1 monthly sessions'],
      benefits: ['Everything in Pro', 'VIP articles and rooms', '1-on-1 monthly sessions'],
    },
  ],
} as const satisfies CatalogueList;
