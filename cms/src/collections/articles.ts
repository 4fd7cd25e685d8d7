import { validations, type CollectionBeforeChangeHook, type CollectionConfig, type FieldHook } from 'payload';
import { contributorsSaveDrafts, deleteArticles, editorialRules, mayPublish, updateArticles } from '../access/editorial-roles';
import { editorsOnly, editorsOrService, hasServiceSecret } from '../access/editors';
import { membershipRequired } from '../fields/membership-required';
import { requiredToPublish } from '../fields/required-to-publish';
import { serviceImport } from '../endpoints/service-import';
import { notifyReviewRequested } from '../hooks/notify-review-requested';
import { renderContentHtml, RENDERED_HTML_MAX_LENGTH } from '../hooks/render-content-html';
import { articleTiming } from '@app/shared/schemas';
import { previewLink } from '@app/shared/server';
import { cmsConfig } from '../config';
import { contentChangeHooks, draftEndpoints, draftsAndVersions } from './content-hooks';

const textRows = (name: string, label: string) => ({
  name,
  label,
  type: 'array' as const,
  fields: [{ name: 'text', type: 'text' as const, required: true }],
});

/** Each save names the CMS user who made it (a service's import names nobody). */
const recordEditor: CollectionBeforeChangeHook = ({ data, req }) => ({ ...data, editedBy: req.user?.id ?? null });

/** The name of the CMS user who saved this version (their address for editors when they gave no name); none for an import. */
const savedByName: FieldHook = async ({ siblingData, req }) => {
  const saved = siblingData?.editedBy as number | { id: number } | null | undefined;
  const id = typeof saved === 'object' && saved ? saved.id : saved;
  if (!id || !req.user) return null;
  const names = (req.context.savedByNames ??= new Map<number, Promise<string>>()) as Map<number, Promise<string>>;
  if (!names.has(id)) {
    const user = req.payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, disableErrors: true, select: { name: true, email: true } });
    names.set(id, user.then((u) => u?.name || (mayPublish(req.user) && u?.email) || `CMS user ${id}`));
  }
  return names.get(id);
};

/** The article's preview link (preview-token.ts; the API makes the same), or null before it is saved. */
const previewUrlOf = (id: unknown): string | null => (id && cmsConfig.internalSecret ? previewLink(cmsConfig.internalSecret, cmsConfig.publicUrl, Number(id)).url : null);

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC';

/** Where an article stands, for editors: a draft, scheduled (and until when), or on the site. */
export function siteStateOf(doc: { _status?: string | null; publishDate?: string | null; unpublishDate?: string | null }, now = Date.now()): string {
  if (doc._status !== 'published') return 'Draft';
  const timing = articleTiming(doc, now);
  if (timing === 'scheduled') return `Scheduled for ${when(doc.publishDate!)}`;
  if (timing === 'ended') return `Unpublished since ${when(doc.unpublishDate!)}`;
  return doc.unpublishDate ? `Live until ${when(doc.unpublishDate)}` : 'Live';
}

export const Articles: CollectionConfig = {
  slug: 'articles',
  admin: {
    useAsTitle: 'title',
    defaultColumns: ['title', 'category', 'membershipRequired', 'publishDate', 'onTheSite', 'reviewRequested'],
    // The Preview button: the article's latest version on the site's article page, through a
    // signed link valid for 7 days that the editor may share (preview-token.ts; the API makes the same).
    preview: (doc) => previewUrlOf(doc?.id),
    // Live preview: the same page beside the editor, at phone and desktop widths; it reloads at
    // each autosave (every 2 s) and save, so it follows what the editor types.
    livePreview: {
      url: ({ data }) => previewUrlOf(data?.id) ?? '',
      breakpoints: [
        { label: 'Phone', name: 'phone', width: 390, height: 844 },
        { label: 'Desktop', name: 'desktop', width: 1280, height: 800 },
      ],
    },
    // The versions list names who saved each version (components/article-versions.tsx).
    components: { views: { edit: { versions: { Component: '/components/article-versions#ArticleVersions' } } } },
  },
  // Bodies of pro and vip articles live here, so REST reads need an editor or the service secret.
  // Our API may also delete (the admin dashboard's Delete button); imports go through serviceImport.
  // Contributors write their own drafts and never publish; editors and admins anything (editorial-roles.ts).
  access: { read: editorsOrService, create: editorsOnly, update: updateArticles, delete: ({ req }) => (hasServiceSecret(req.headers) ? true : deleteArticles({ req })), readVersions: editorsOnly },
  versions: draftsAndVersions,
  // A contributor's submission tells the editors (hooks/notify-review-requested.ts), besides the count above the navigation.
  hooks: {
    beforeOperation: [contributorsSaveDrafts],
    beforeChange: [editorialRules, renderContentHtml, recordEditor],
    afterChange: [...contentChangeHooks.afterChange, notifyReviewRequested],
    afterDelete: contentChangeHooks.afterDelete,
  },
  endpoints: [serviceImport, ...draftEndpoints],
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'excerpt', type: 'textarea', maxLength: 600 },
    { name: 'author', type: 'text', admin: { description: 'Leave empty for the studio name.' } },
    // A draft needs a title (the list and the history name it by it); its category and body can wait until it is published.
    { name: 'category', type: 'relationship', relationTo: 'categories', required: true, index: true, validate: requiredToPublish(validations.relationship) },
    { name: 'thumbnail', type: 'upload', relationTo: 'media' },
    {
      name: 'publishDate',
      type: 'date',
      required: true,
      index: true,
      // An imported draft whose source date was not a date waits for one (issue 49 #6): a draft may be undated, what is published may not.
      validate: requiredToPublish(validations.date),
      defaultValue: () => new Date().toISOString(),
      admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' }, description: 'Published with a date to come, the article is scheduled: it goes live on its own at that time (within a minute).' },
    },
    {
      name: 'unpublishDate',
      type: 'date',
      admin: { position: 'sidebar', date: { pickerAppearance: 'dayAndTime' }, description: 'Optional: the article leaves the site on its own at this time.' },
      validate: (value: unknown, { siblingData }: { siblingData: { publishDate?: string | null } }) =>
        !value || !siblingData.publishDate || Date.parse(String(value)) > Date.parse(siblingData.publishDate) || 'The unpublish date must come after the publish date',
    },
    // Whoever created it: a contributor may edit their own articles only.
    { name: 'owner', type: 'relationship', relationTo: 'users', index: true, access: { read: ({ req }) => Boolean(req.user), update: () => false }, admin: { position: 'sidebar', readOnly: true } },
    {
      name: 'reviewRequested',
      label: 'Submitted for review',
      type: 'checkbox',
      defaultValue: false,
      index: true,
      admin: { position: 'sidebar', description: 'A contributor ticks this and saves to ask an editor to publish the draft. Editors: filter the list by it.' },
    },
    // Set by editorialRules when the article is first published (or scheduled); never sent by anyone.
    { name: 'firstPublishedAt', label: 'First published', type: 'date', index: true, access: { create: () => false, update: () => false }, admin: { position: 'sidebar', readOnly: true } },
    // Who saved this version (each save is one): the history names them.
    // (Editors read it; the API's service reads never carry a CMS user's name or address.)
    { name: 'editedBy', label: 'Saved by (user)', type: 'relationship', relationTo: 'users', access: { read: ({ req }) => Boolean(req.user) }, admin: { hidden: true, readOnly: true } },
    // Their name, for everyone who reads the history: contributors read no other CMS user (users.ts).
    { name: 'savedBy', label: 'Saved by', type: 'text', virtual: true, access: { read: ({ req }) => Boolean(req.user) }, admin: { position: 'sidebar', readOnly: true }, hooks: { afterRead: [savedByName] } },
    // Shown in the list and the sidebar: on the site, scheduled, or a draft (never stored).
    {
      name: 'onTheSite',
      label: 'On the site',
      type: 'text',
      virtual: true,
      admin: { position: 'sidebar', readOnly: true },
      hooks: { afterRead: [({ data }) => siteStateOf(data ?? {})] },
    },
    {
      name: 'sourceSlug',
      type: 'text',
      index: true,
      maxLength: 200,
      admin: { position: 'sidebar', readOnly: true, description: 'The slug this article had where it was imported from; a re-import finds it by this.' },
    },
    {
      name: 'sourceSite',
      type: 'text',
      maxLength: 200,
      admin: { position: 'sidebar', readOnly: true, description: 'The site it was imported from, when its export said: a slug is matched within its own site.' },
    },
    // The source file an import wrote it from (import-key.ts in the API): a retried or late write of
    // the same file finds this article instead of making a second (the unique index decides a race).
    { name: 'importKey', type: 'text', unique: true, index: true, maxLength: 64, access: { create: () => false, update: () => false }, admin: { hidden: true, readOnly: true } },
    { name: 'tags', type: 'text', hasMany: true, maxRows: 50, maxLength: 100, admin: { position: 'sidebar', description: 'Topics beside the category (imports keep the source’s tags here).' } },
    // The addresses it had on a previous site (old-addresses.ts): each answers 301 here.
    { name: 'oldAddresses', type: 'join', collection: 'old-addresses', on: 'article', admin: { defaultColumns: ['path'] } },
    membershipRequired,
    { name: 'content', type: 'richText', required: true, validate: requiredToPublish(validations.richText) },
    // Only the renderContentHtml hook writes this; nobody may send it (a PATCH would store raw HTML).
    { name: 'contentHtml', type: 'textarea', maxLength: RENDERED_HTML_MAX_LENGTH, access: { create: () => false, update: () => false }, admin: { hidden: true, readOnly: true } },
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
