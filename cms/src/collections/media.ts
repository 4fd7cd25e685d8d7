import type { CollectionConfig } from 'payload';
import { cmsConfig } from '../config';
import { editorsOnly } from '../access/editors';
import { rememberUploadFiles, removePartialUpload } from '../hooks/remove-partial-upload';

/** Images for articles, categories, videos and products; files are served by the front door at /media. */
export const Media: CollectionConfig = {
  slug: 'media',
  access: { read: () => true, create: editorsOnly, update: editorsOnly, delete: editorsOnly },
  upload: {
    staticDir: cmsConfig.mediaDir,
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'],
  },
  hooks: { beforeChange: [rememberUploadFiles], afterError: [removePartialUpload(cmsConfig.mediaDir)] },
  fields: [{ name: 'alt', type: 'text', required: true }],
};
