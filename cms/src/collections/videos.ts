import { isAllowedVideoUrl, VIDEO_URL_RULE } from '@app/shared/browser';
import type { CollectionConfig } from 'payload';
import { editorsOnly, editorsOrService } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { membershipRequired } from '../fields/membership-required';
import { serviceVideoSync } from '../endpoints/service-video-sync';
import { contentChangeHooks, draftEndpoints, draftsAndVersions } from './content-hooks';

export const Videos: CollectionConfig = {
  slug: 'videos',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'publishDate', 'views'] },
  access: { read: editorsOrService, create: publishersOnly, update: publishersOnly, delete: publishersOnly, readVersions: editorsOnly },
  versions: draftsAndVersions,
  hooks: contentChangeHooks,
  endpoints: [serviceVideoSync, ...draftEndpoints],
  fields: [
    { name: 'title', type: 'text', required: true },
    { name: 'description', type: 'textarea' },
    { name: 'image', type: 'upload', relationTo: 'media' },
    { name: 'imageUrl', type: 'text', admin: { description: 'Thumbnail address from the channel, when no image is uploaded.' } },
    { name: 'externalId', type: 'text', unique: true, index: true, admin: { description: 'The video id on the channel.' } },
    {
      name: 'videoUrl',
      type: 'text',
      required: true,
      // The site links to it: https on YouTube or Vimeo only (never `javascript:` or another site).
      validate: (value: unknown) => isAllowedVideoUrl(value) || VIDEO_URL_RULE,
      admin: { description: VIDEO_URL_RULE },
    },
    { name: 'publishDate', type: 'date', required: true, defaultValue: () => new Date().toISOString() },
    { name: 'views', type: 'number', defaultValue: 0, min: 0 },
    { name: 'duration', type: 'text', defaultValue: '00:00' },
    { name: 'author', type: 'text' },
    membershipRequired,
  ],
};
