import { TIERS } from '@app/shared/browser';
import type { TextField } from 'payload';
import { text } from 'payload/shared';

const isTier = (value: unknown) => typeof value === 'string' && (TIERS as readonly string[]).includes(value);

/**
 * A tier, stored as text and checked against the catalogue's tiers (@app/shared) rather than held
 * by a Postgres enum: adding a tier changes the catalogue, never the CMS's schema (issue 35).
 * Editors still choose from the list (components/tier-select.tsx); the generated type is the union.
 */
export function tierField(field: Pick<TextField, 'name' | 'required' | 'unique' | 'defaultValue' | 'admin'>): TextField {
  return {
    ...field,
    type: 'text',
    validate: (value, options) => (value == null || value === '' || isTier(value) ? text(value, options) : `Not a membership tier: choose one of ${TIERS.join(', ')}.`),
    typescriptSchema: [({ jsonSchema }) => ({ ...jsonSchema, enum: field.required ? [...TIERS] : [...TIERS, null] })],
    admin: { ...field.admin, components: { Field: '/components/tier-select#TierSelect', Cell: '/components/tier-select#TierCell' } },
  };
}
