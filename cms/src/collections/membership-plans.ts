import type { CollectionConfig } from 'payload';
import { editorsOnly } from '../access/editors';
import { contentChangeHooks } from './content-hooks';

/**
 * The plans on /membership (spec 02 §3 "Membership tier"): editors change their names, prices,
 * descriptions, features, highlight and badge. The yearly price is derived (12 months less 15%).
 */
export const MembershipPlans: CollectionConfig = {
  slug: 'membership-plans',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'tier', 'price', 'highlighted'] },
  access: { read: () => true, create: editorsOnly, update: editorsOnly, delete: editorsOnly },
  hooks: contentChangeHooks,
  fields: [
    { name: 'tier', type: 'select', required: true, unique: true, options: [{ label: 'Free', value: 'free' }, { label: 'Pro', value: 'pro' }] },
    { name: 'name', type: 'text', required: true },
    { name: 'price', type: 'number', required: true, min: 0, admin: { description: 'Monthly, in cents: 299 is $2.99.', step: 1 } },
    { name: 'description', type: 'textarea' },
    { name: 'features', type: 'array', fields: [{ name: 'text', type: 'text', required: true }] },
    { name: 'highlighted', type: 'checkbox', defaultValue: false },
    { name: 'badge', type: 'text', admin: { description: 'A short label on the card, e.g. "Most popular".' } },
    { name: 'sortOrder', type: 'number', defaultValue: 0 },
  ],
};
