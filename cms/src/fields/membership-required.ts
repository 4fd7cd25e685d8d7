import { TIER_OPTIONS } from '@app/shared/browser';
import type { Field } from 'payload';

/** The lowest tier that may read a document; the options come from the one tier list. */
export const membershipRequired: Field = {
  name: 'membershipRequired',
  type: 'select',
  required: true,
  defaultValue: 'free',
  options: [...TIER_OPTIONS],
  admin: { position: 'sidebar', description: 'The lowest membership tier that may read this.' },
};
