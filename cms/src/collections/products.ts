import type { CollectionConfig } from 'payload';
import { editorsOnly, editorsOrService } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { contentChangeHooks, draftEndpoints, draftsAndVersions } from './content-hooks';

export const Products: CollectionConfig = {
  slug: 'products',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'price', 'category', 'inStock', 'isFeatured'] },
  access: { read: editorsOrService, create: publishersOnly, update: publishersOnly, delete: publishersOnly, readVersions: editorsOnly },
  versions: draftsAndVersions,
  endpoints: [...draftEndpoints],
  hooks: contentChangeHooks,
  fields: [
    { name: 'name', type: 'text', required: true },
    { name: 'description', type: 'textarea' },
    { name: 'price', type: 'number', required: true, min: 0, admin: { description: 'In cents: 2499 is $24.99.', step: 1 } },
    { name: 'image', type: 'upload', relationTo: 'media' },
    { name: 'category', type: 'select', required: true, options: ['Apparel', 'Accessories', 'Books', 'Journals', 'Home'] },
    { name: 'creator', type: 'text' },
    { name: 'isFeatured', type: 'checkbox', defaultValue: false },
    { name: 'inStock', type: 'checkbox', defaultValue: true },
  ],
};
