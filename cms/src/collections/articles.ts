import type { CollectionConfig } from 'payload';
import { editorsOnly, editorsOrService } from '../access/editors';
import { membershipRequired } from '../fields/membership-required';
import { serviceImport } from '../endpoints/service-import';
import { renderContentHtml } from '../hooks/render-content-html';
import { contentChangeHooks } from './content-hooks';

const textRows = (name: string, label: string) => ({
  name,
  label,
  type: 'array' as const,
  fields: [{ name: 'text', type: 'text' as const, required: true }],
});

export const Articles: CollectionConfig = {
  slug: 'articles',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'category', 'membershipRequired', 'publishDate'] },
  // Bodies of pro and vip articles live here, so REST reads need an editor or the service secret.
  // Our API may also delete (the admin dashboard's Delete button); imports go through serviceImport.
  access: { read: editorsOrService, create: editorsOnly, update: editorsOnly, delete: editorsOrService },
  hooks: { beforeChange: [renderContentHtml], ...contentChangeHooks },
  endpoints: [serviceImport],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'excerpt', type: 'textarea', maxLength: 600 },
    { name: 'author', type: 'text', admin: { description: 'Leave empty for the studio name.' } },
    { name: 'category', type: 'relationship', relationTo: 'categories', required: true, index: true },
    { name: 'thumbnail', type: 'upload', relationTo: 'media' },
    { name: 'publishDate', type: 'date', required: true, index: true, defaultValue: () => new Date().toISOString(), admin: { position: 'sidebar' } },
    {
      name: 'published',
      type: 'checkbox',
      defaultValue: true,
      index: true,
      admin: { position: 'sidebar', description: 'Unticked: kept here but not shown on the site (imported drafts arrive so).' },
    },
    {
      name: 'sourceSlug',
      type: 'text',
      index: true,
      maxLength: 200,
      admin: { position: 'sidebar', readOnly: true, description: 'The slug this article had where it was imported from; a re-import finds it by this.' },
    },
    membershipRequired,
    { name: 'content', type: 'richText', required: true },
    // Only the renderContentHtml hook writes this; nobody may send it (a PATCH would store raw HTML).
    { name: 'contentHtml', type: 'textarea', access: { create: () => false, update: () => false }, admin: { hidden: true, readOnly: true } },
    { name: 'hasInteractiveElements', type: 'checkbox', defaultValue: false, admin: { position: 'sidebar' } },
    { name: 'isAmpCompatible', type: 'checkbox', defaultValue: false, admin: { position: 'sidebar' } },
    {
      name: 'interactiveData',
      type: 'group',
      admin: { condition: (data) => Boolean(data?.hasInteractiveElements) },
      fields: [
        textRows('keyPoints', 'Key points'),
        {
          name: 'characterGuides',
          type: 'array',
          fields: [
            { name: 'type', type: 'select', defaultValue: 'mentor', options: ['mentor', 'coach', 'friend', 'expert'] },
            { name: 'title', type: 'text', required: true },
            { name: 'message', type: 'textarea', required: true },
            {
              name: 'triggerAt',
              type: 'text',
              required: true,
              defaultValue: 'start',
              admin: { description: '"start", "middle", "end" or a percentage such as 35.' },
              validate: (v: unknown) =>
                (typeof v === 'string' && (/^(start|middle|end)$/.test(v) || (/^\d{1,3}$/.test(v) && Number(v) <= 100))) ||
                'Use start, middle, end or a number from 0 to 100',
            },
            { name: 'showAutomatically', type: 'checkbox', defaultValue: true },
          ],
        },
        {
          name: 'quiz',
          type: 'group',
          fields: [
            { name: 'title', type: 'text' },
            { name: 'description', type: 'textarea' },
            { name: 'pointsPerQuestion', type: 'number', defaultValue: 10, min: 1 },
            {
              name: 'questions',
              type: 'array',
              fields: [
                { name: 'question', type: 'text', required: true },
                { ...textRows('options', 'Options'), minRows: 2, maxRows: 6 },
                { name: 'correctAnswer', type: 'number', required: true, min: 0, admin: { description: 'Index of the right option, counting from 0.' } },
                { name: 'explanation', type: 'textarea' },
              ],
            },
          ],
        },
        {
          name: 'experiment',
          type: 'group',
          fields: [
            { name: 'title', type: 'text' },
            { name: 'description', type: 'textarea' },
            textRows('steps', 'Steps'),
            { name: 'conclusion', type: 'textarea' },
          ],
        },
      ],
    },
  ],
};
