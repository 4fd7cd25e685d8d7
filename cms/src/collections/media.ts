import type { CollectionConfig } from 'payload';
import { cmsConfig } from '../config';
import { editorsOnly } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { rememberUploadFiles, removePartialUpload } from '../hooks/remove-partial-upload';

/**
 * Images for articles, categories, videos and products; files (on disk or in the bucket) are served
 * by the edge at /media. Made when the config is built: where files go is MEDIA_DIR or MEDIA_S3_* then.
 */
export const mediaCollection = (): CollectionConfig => ({
  slug: 'media',
  // Pictures are named by what they show (the admin's lists, a picture in a body), not "Untitled".
  admin: { useAsTitle: 'alt' },
  access: { read: () => true, create: editorsOnly, update: publishersOnly, delete: publishersOnly },
  upload: {
    staticDir: cmsConfig.mediaDir,
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'],
    // Narrower copies for pictures in bodies (a srcset, so a phone never loads the full file);
    // never wider than the original. SVGs are drawn at any size and get none.
    imageSizes: [
      { name: 'small', width: 480, withoutEnlargement: true },
      { name: 'medium', width: 960, withoutEnlargement: true },
      { name: 'large', width: 1600, withoutEnlargement: true },
    ],
  },
  // On disk, a file cut off half-way is removed again (issue 26). In the bucket (media-storage.ts) nothing
  // of this reads MEDIA_DIR: the adapter uploads once the row is written, and a failed upload undoes the row.
  hooks: cmsConfig.mediaStorage.kind === 'local' ? { beforeChange: [rememberUploadFiles], afterError: [removePartialUpload(cmsConfig.mediaDir)] } : {},
  fields: [
    { name: 'alt', type: 'text', required: true },
    // An imported picture: its article's import key and where it came from. A re-import that updates
    // the article replaces this picture's file instead of adding a copy.
    { name: 'importSource', type: 'text', index: true, maxLength: 2200, access: { create: () => false, update: () => false }, admin: { hidden: true, readOnly: true } },
  ],
});
