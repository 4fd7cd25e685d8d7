// A test-only catalogue with a fourth tier (issue 35 #1's proof): "Plus", sold at $4.99 a month
// between free and Pro, with the store discount and ad-free reading; Pro keeps comments, rooms and
// the shareable profile; VIP saves 20% in the store. Tests put it in place of the real list
// (vi.mock('@app/shared/catalogue')), so every page, island and rule derives from it as they would
// from the real one. Self-contained: a mock's factory cannot import the module it replaces.
import type { CatalogueList } from '@app/shared/browser';

export const PLUS_CATALOGUE = {
  paidContent: 'Premium',
  yearlyDiscount: 0.15,
  tiers: [
    {
      id: 'free', name: 'Free', badge: 'Free', perks: [], storeDiscount: 0, sold: null,
      pitch: ['free articles and videos', 'the bulletin board', 'games', 'community chat rooms'],
      benefits: ['Free articles and videos', 'Bulletin board access', 'Games and quizzes', 'Community chat rooms'],
    },
    {
      id: 'plus', name: 'Plus', badge: 'Plus', perks: ['member-discount', 'ad-free'], storeDiscount: 0.1, sold: { monthlyCents: 499 },
      pitch: ['the Plus articles', 'reading without ads'],
      benefits: ['Every Plus article', 'Ad-free reading', '10% off in the store'],
    },
    {
      id: 'pro', name: 'Pro', badge: 'Premium', perks: ['comment', 'create-room', 'public-profile'], storeDiscount: 0.15, sold: { monthlyCents: 299 },
      pitch: ['premium articles', 'comments', 'member chat rooms'],
      benefits: ['Full access to premium articles', 'Enhanced profile features with upload and share', 'Premium chat rooms', 'Ad-free experience'],
    },
    {
      id: 'vip', name: 'VIP', badge: 'VIP', perks: [], storeDiscount: 0.2, sold: 'granted',
      pitch: ['every article', 'the VIP rooms', '1-on-1 monthly sessions'],
      benefits: ['Everything in Pro', 'VIP articles and rooms', '1-on-1 monthly sessions'],
    },
  ],
} as const satisfies CatalogueList;
