import { isAllowedVideoUrl, VIDEO_URL_RULE } from '@app/shared/browser';
import type { CollectionConfig } from 'payload';
import { editorsOnly, editorsOrService } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { contentChangeHooks, draftEndpoints, draftsAndVersions } from './content-hooks';

/**
 * Self Help Studies (spec 02 §2, §3 "Resource card"). A premium study's intro video is for Pro
 * and above, so reads are for editors and our services; the site shows the public part.
 */
export const StudyResources: CollectionConfig = {
  slug: 'study-resources',
  labels: { singular: 'Study resource', plural: 'Study resources' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'isPremium', 'sortOrder'] },
  access: { read: editorsOrService, create: publishersOnly, update: publishersOnly, delete: publishersOnly, readVersions: editorsOnly },
  versions: draftsAndVersions,
  endpoints: [...draftEndpoints],
  hooks: contentChangeHooks,
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 120 },
    { name: 'description', type: 'textarea', required: true },
    { name: 'thumbnail', type: 'upload', relationTo: 'media' },
    { name: 'videoUrl', type: 'text', required: true, validate: (value: unknown) => isAllowedVideoUrl(value) || VIDEO_URL_RULE, admin: { description: `The intro video. ${VIDEO_URL_RULE}` } },
    { name: 'isPremium', type: 'checkbox', defaultValue: false, admin: { position: 'sidebar', description: 'Premium studies: the intro video is for Pro members and above.' } },
    { name: 'sortOrder', type: 'number', defaultValue: 0, admin: { position: 'sidebar' } },
  ],
};
