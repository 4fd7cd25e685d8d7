import { tierField } from './tier-field';

/** The lowest tier that may read a document, one of the catalogue's tiers. */
export const membershipRequired = tierField({
  name: 'membershipRequired',
  required: true,
  defaultValue: 'free',
  admin: { position: 'sidebar', description: 'The lowest membership tier that may read this.' },
});
