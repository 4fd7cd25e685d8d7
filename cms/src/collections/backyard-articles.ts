import { backyardSlug, BACKYARD_TIER, tierLabel } from '@app/shared/browser';
import type { CollectionConfig, TextFieldSingleValidation } from 'payload';
import { editorsOnly, editorsOrService } from '../access/editors';
import { publishersOnly } from '../access/editorial-roles';
import { renderContentHtml, RENDERED_HTML_MAX_LENGTH } from '../hooks/render-content-html';
import { contentChangeHooks, draftEndpoints, draftsAndVersions } from './content-hooks';

/** A backyard article's address is made from its title (spec 02 §2), so two titles may not make the same one. */
const titleWithOwnAddress: TextFieldSingleValidation = async (value, { req, id }) => {
  const slug = backyardSlug(value ?? '');
  if (!slug) return 'The title needs letters or digits: the article\'s address is made from it.';
  const others = await req.payload.find({ collection: 'backyard-articles', pagination: false, depth: 0, overrideAccess: true, req, select: { title: true } });
  const clash = others.docs.find((d) => d.id !== id && backyardSlug(d.title) === slug);
  return clash ? `"${clash.title}" already has the address ${slug}. Choose another title.` : true;
};

/** Backyard activities (spec 02 §2 "Backyard"): articles whose bodies are for Pro and above. */
export const BackyardArticles: CollectionConfig = {
  slug: 'backyard-articles',
  labels: { singular: 'Backyard article', plural: 'Backyard articles' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'timeNeeded', 'sortOrder'], description: `Read by ${tierLabel(BACKYARD_TIER)} members and above; the list of titles is public.` },
  access: { read: editorsOrService, create: publishersOnly, update: publishersOnly, delete: publishersOnly, readVersions: editorsOnly },
  versions: draftsAndVersions,
  endpoints: [...draftEndpoints],
  hooks: { beforeChange: [renderContentHtml], ...contentChangeHooks },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 120, validate: titleWithOwnAddress, admin: { description: 'The address is made from the title: /fun-and-games/backyard/<title in lower case, with hyphens>.' } },
    { name: 'summary', type: 'textarea', required: true, admin: { description: 'Shown on the card to everyone.' } },
    { name: 'thumbnail', type: 'upload', relationTo: 'media' },
    { name: 'timeNeeded', type: 'text', maxLength: 40, admin: { description: 'For example "About 2 hours".' } },
    { name: 'content', type: 'richText', required: true },
    // Only the renderContentHtml hook writes this; nobody may send it.
    { name: 'contentHtml', type: 'textarea', maxLength: RENDERED_HTML_MAX_LENGTH, access: { create: () => false, update: () => false }, admin: { hidden: true, readOnly: true } },
    { name: 'sortOrder', type: 'number', defaultValue: 0, admin: { position: 'sidebar' } },
  ],
};
