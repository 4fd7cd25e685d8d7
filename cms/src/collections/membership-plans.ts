import type { CollectionConfig } from 'payload';
import { publishersOnly } from '../access/editorial-roles';
import { tierField } from '../fields/tier-field';
import { contentChangeHooks } from './content-hooks';

/**
 * The plans' marketing copy on /membership (spec 02 §3 "Membership tier"): editors change each
 * tier's name, description, features, highlight and badge. Prices are not here: what is sold and
 * for how much is the plan catalogue's (@app/shared plans.ts, DESIGN §7.17).
 */
export const MembershipPlans: CollectionConfig = {
  slug: 'membership-plans',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'tier', 'highlighted'] },
  access: { read: () => true, create: publishersOnly, update: publishersOnly, delete: publishersOnly },
  hooks: contentChangeHooks,
  fields: [
    tierField({ name: 'tier', required: true, unique: true }),
    { name: 'name', type: 'text', required: true },
    { name: 'description', type: 'textarea' },
    { name: 'features', type: 'array', fields: [{ name: 'text', type: 'text', required: true }] },
    { name: 'highlighted', type: 'checkbox', defaultValue: false },
    { name: 'badge', type: 'text', admin: { description: 'A short label on the card, e.g. "Most popular".' } },
    { name: 'sortOrder', type: 'number', defaultValue: 0 },
  ],
};
