'use client';
import { TIER_OPTIONS, TIERS, tierLabel, type Tier } from '@app/shared/browser';
import { SelectField } from '@payloadcms/ui';
import type { DefaultCellComponentProps, TextFieldClientComponent } from 'payload';

const options = [...TIER_OPTIONS];

/** A tier field (fields/tier-field.ts) edited as a choice among the catalogue's tiers. */
export const TierSelect: TextFieldClientComponent = ({ field, path, readOnly }) => (
  <SelectField field={{ ...field, type: 'select', options, admin: { ...field.admin, isClearable: !field.required, isSortable: false, placeholder: undefined } }} path={path} readOnly={readOnly} />
);

/** A tier in the list view, by its name ("Pro"). */
export function TierCell({ cellData }: DefaultCellComponentProps) {
  return <span>{(TIERS as readonly unknown[]).includes(cellData) ? tierLabel(cellData as Tier) : String(cellData ?? '')}</span>;
}
