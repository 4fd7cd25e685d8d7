import { formatPercent, storeDiscountFor } from '@app/shared/browser';
import type { Payload } from 'payload';

/** The copy of the two plans on /membership (DESIGN §7.1); editors change it in the CMS afterwards. Prices are the plan catalogue's. */
const defaultPlans = [
  {
    tier: 'free' as const, name: 'Basic', sortOrder: 1, highlighted: false,
    description: 'Start your journey with our free library.',
    features: ['Free articles and videos', 'Bulletin board access', 'Games and quizzes', 'Community chat rooms'],
  },
  {
    tier: 'pro' as const, name: 'Pro', sortOrder: 2, highlighted: true, badge: 'Most popular',
    description: 'Everything, ad-free, for less than a coffee.',
    features: ['Full access to premium articles', 'Comment on articles', 'Member-only chat rooms and custom rooms', `${formatPercent(storeDiscountFor('pro'))} off in the store`, 'Ad-free experience', 'Priority support'],
  },
];

/**
 * Run at every start (not only in demo mode): the plans are how the site earns its living, so an
 * empty collection gets the two default plans. Existing plans are never touched.
 */
export async function ensureMembershipPlans(payload: Payload): Promise<boolean> {
  const existing = await payload.count({ collection: 'membership-plans', overrideAccess: true });
  if (existing.totalDocs > 0) return false;
  for (const plan of defaultPlans) {
    await payload.create({ collection: 'membership-plans', data: { ...plan, features: plan.features.map((text) => ({ text })) }, overrideAccess: true, context: { skipNotify: true } });
  }
  return true;
}
