import type { Field } from 'payload';

export const membershipRequired: Field = {
  name: 'membershipRequired',
  type: 'select',
  required: true,
  defaultValue: 'free',
  options: [
    { label: 'Free', value: 'free' },
    { label: 'Pro', value: 'pro' },
    { label: 'VIP', value: 'vip' },
  ],
  admin: { position: 'sidebar', description: 'The lowest membership tier that may read this.' },
};
