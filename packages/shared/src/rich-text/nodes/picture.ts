// A picture: Payload's upload node (UploadFeature), pointing at a Media document.
//
//   { type: 'upload', version: 3, format: '', id: '<unique>', relationTo: 'media', value: 42,
//     fields: { caption: 'Optional caption', alt: '' } }
//
// `value` is the Media document's id (the importer creates the Media document first, with its
// `alt` text). `fields.alt` overrides the Media's alt for this use (empty: the Media's alt);
// `fields.caption` is optional plain text shown under the picture. Rendered as a <figure> with
// srcset from the Media's image sizes, lazy unless it opens the body.
import type { Element } from 'hast';
import { mediaUrl } from '../../cms-documents.ts';
import { escapeHtml, isElement, propText, textOf, type BlockField, type BodyNode, type ReadContext } from '../body-block.ts';
import type { SpecialNode } from '../special-node.ts';

export type UploadNodeFields = { caption?: string | null; alt?: string | null };
export type UploadNode = { type: 'upload'; version: 3; format: ''; id: string; relationTo: 'media'; value: number; fields: UploadNodeFields };

const newId = () => crypto.randomUUID().replaceAll('-', '').slice(0, 24);

export function uploadNode(input: { mediaId: number; caption?: string; alt?: string; id?: string }): UploadNode {
  return { type: 'upload', version: 3, format: '', id: input.id ?? newId(), relationTo: 'media', value: input.mediaId, fields: { caption: input.caption ?? '', alt: input.alt ?? '' } };
}

/** How wide a body picture is drawn: the article column (max-w-3xl) or the whole narrow screen. */
export const BODY_IMAGE_SIZES = '(min-width: 48rem) 48rem, 100vw';

// Responsive candidates are our own media files only (mediaUrl's /media/{encoded filename}).
const MEDIA_SRCSET = /^\/media\/[^\s,/]+ \d{1,5}w(, \/media\/[^\s,/]+ \d{1,5}w)*$/;

const attr = (name: string, value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? '' : ` ${name}="${escapeHtml(String(value))}"`);

/** What an editor fills in for this use of a picture (UploadFeature's fields for the media collection). */
const FIELDS: BlockField<keyof UploadNodeFields>[] = [
  { name: 'caption', type: 'text', maxLength: 300 },
  { name: 'alt', label: 'Alternative text in this article', type: 'text', maxLength: 300, admin: { description: "Empty: the picture's own alternative text." } },
];

/** An <img> as a picture: its alt text, and its caption (a figure's, else its title: Markdown's `![alt](src "title")`, Hugo's figure title). */
function readImg(img: Element, caption: string, ctx: ReadContext): BodyNode | null {
  const src = propText(img, 'src');
  if (!src) return null;
  return ctx.picture({ src, alt: propText(img, 'alt'), caption: caption || propText(img, 'title') });
}

/** The first picture anywhere inside an element. */
function findImg(node: Element): Element | undefined {
  for (const c of node.children) {
    if (isElement(c, 'img')) return c;
    if (isElement(c)) {
      const deeper = findImg(c);
      if (deeper) return deeper;
    }
  }
  return undefined;
}

export const pictureNodeModule: SpecialNode<'upload', UploadNode> = {
  type: 'upload',
  editor: { feature: 'upload', collection: 'media', fields: FIELDS },
  toHtml(node, ctx) {
    const doc = ctx.media(node.value);
    const src = doc && mediaUrl(doc);
    if (!doc || !src || !doc.mimeType?.startsWith('image/')) return '';
    const alt = node.fields?.alt?.trim() || doc.alt || '';
    const candidates = Object.values(doc.sizes ?? {})
      .filter((s): s is { filename: string; width: number } => Boolean(s?.filename && s.width && (!doc.width || s.width < doc.width)))
      .sort((a, b) => a.width - b.width)
      .map((s) => `${mediaUrl(s)} ${s.width}w`);
    const srcset = candidates.length && doc.width ? [...candidates, `${src} ${doc.width}w`].join(', ') : null;
    const lazy = !ctx.eager(node.id);
    const caption = node.fields?.caption?.trim();
    return (
      `<figure><img src="${escapeHtml(src)}"${attr('srcset', srcset)}${srcset ? attr('sizes', BODY_IMAGE_SIZES) : ''} alt="${escapeHtml(alt)}"` +
      `${attr('width', doc.width)}${attr('height', doc.height)}${lazy ? ' loading="lazy"' : ''} decoding="async">` +
      (caption ? `<figcaption>${escapeHtml(caption)}</figcaption>` : '') +
      '</figure>'
    );
  },
  // A figure's spacing and caption are the prose's own (styles/global.css: videos and quotes are figures too).
  css: `.prose-article figure img { margin-inline: auto; height: auto; max-width: 100%; border-radius: 0.5rem; }`,
  // A Markdown picture's title is its caption (the importer reads it so).
  toMarkdown(node, ctx) {
    const m = ctx.picture(node.value);
    if (!m) return [];
    return [{ type: 'paragraph', children: [{ type: 'image', url: m.url, alt: node.fields?.alt || m.alt, title: node.fields?.caption || null }] }];
  },
  fromHtml: {
    // A figure holding a picture is that picture, captioned by its figcaption (a picture alone is inline content).
    element(node, ctx) {
      if (!isElement(node, 'figure')) return null;
      const img = findImg(node);
      const caption = node.children.find((c) => isElement(c, 'figcaption'));
      const pic = img ? readImg(img, caption ? textOf(caption).replace(/\s+/g, ' ').trim() : '', ctx) : null;
      return pic ? [pic] : null;
    },
    // A picture inside a paragraph follows the paragraph.
    inlineElement: (node, ctx) => (isElement(node, 'img') ? readImg(node, '', ctx) : null),
  },
  sanitize: {
    tagNames: ['figure', 'figcaption'],
    attributes: { img: [['srcSet', MEDIA_SRCSET], ['sizes', BODY_IMAGE_SIZES], ['loading', 'lazy'], ['decoding', 'async']] },
  },
};
