import type { CollectionConfig } from 'payload';
import { publishersOnly } from '../access/editorial-roles';
import { contentChangeHooks } from './content-hooks';

export const Categories: CollectionConfig = {
  slug: 'categories',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug'] },
  access: { read: () => true, create: publishersOnly, update: publishersOnly, delete: publishersOnly },
  hooks: contentChangeHooks,
  fields: [
    { name: 'title', type: 'text', required: true },
    {
      name: 'slug',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      admin: { description: 'Lowercase words joined by hyphens; used in /articles/category/{slug}.' },
      validate: (v: unknown) => (typeof v === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v)) || 'Use lowercase letters, digits and hyphens',
    },
    { name: 'description', type: 'textarea' },
    { name: 'icon', type: 'text', admin: { description: 'An icon name, e.g. "sparkles", "wallet", "heart-pulse".' } },
    { name: 'colour', type: 'text', admin: { description: 'A CSS colour, e.g. #4f46e5.' } },
    { name: 'headerImage', type: 'upload', relationTo: 'media' },
  ],
};
