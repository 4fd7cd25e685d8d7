import type { CollectionConfig } from 'payload';
import { normaliseOldAddress } from '@app/shared/browser';
import { editorsOrService } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { contentChangeHooks } from './content-hooks';

/**
 * The addresses articles had on the creator's previous site (DESIGN §7.22). A request for one
 * answers 301 to its article's page on both edges; when the article is deleted its row stays with
 * no article (the column's foreign key sets it to null) and the address answers 410 Gone.
 */
export const OldAddresses: CollectionConfig = {
  slug: 'old-addresses',
  labels: { singular: 'Old address', plural: 'Old addresses' },
  admin: {
    useAsTitle: 'path',
    defaultColumns: ['path', 'article'],
    description: 'Addresses from a previous site. Each answers 301 to its article; one whose article was deleted answers 410 Gone.',
  },
  access: { read: editorsOrService, create: publishersOnly, update: publishersOnly, delete: publishersOnly },
  hooks: {
    beforeValidate: [({ data }) => (data && typeof data.path === 'string' ? { ...data, path: normaliseOldAddress(data.path) ?? data.path } : data)],
    ...contentChangeHooks,
  },
  fields: [
    {
      name: 'path',
      type: 'text',
      required: true,
      unique: true,
      index: true,
      maxLength: 500,
      admin: { description: 'The path on the old site, such as /2019/03/04/my-post/ or /?p=123.' },
      validate: (value: unknown) =>
        (typeof value === 'string' && normaliseOldAddress(value) === value) || 'Enter a path that starts with / and is not one of this site’s own pages (such as /2019/03/04/my-post/)',
    },
    {
      name: 'article',
      type: 'relationship',
      relationTo: 'articles',
      index: true,
      admin: { description: 'Empty when the article was deleted: the address then answers 410 Gone.' },
    },
  ],
};
