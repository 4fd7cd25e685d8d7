import { VIDEO_URL_RULE } from '@app/shared/browser';
import { CALLOUT_VARIANTS, CODE_LANGUAGES, videoEmbed } from '@app/shared/server';
import {
  BoldFeature,
  InlineCodeFeature,
  InlineToolbarFeature,
  ItalicFeature,
  LinkFeature,
  lexicalEditor,
  OrderedListFeature,
  ParagraphFeature,
  UnorderedListFeature,
} from '@payloadcms/richtext-lexical';
import type { Block } from 'payload';

// The article body's own blocks (shapes: packages/shared/src/content-nodes.ts). Each renders to
// HTML in html-converters.ts; the slugs and field names are stored data, so they never change.

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/** Code with its language; a plain text area (Payload's own code block loads its editor from a CDN). */
export const CodeBlock: Block = {
  slug: 'code',
  labels: { singular: 'Code block', plural: 'Code blocks' },
  fields: [
    { name: 'language', type: 'select', required: true, defaultValue: 'plaintext', options: options(CODE_LANGUAGES) },
    { name: 'code', type: 'textarea', required: true, maxLength: 100_000, admin: { rows: 10, className: 'code-block-text' } },
  ],
};

/** A YouTube or Vimeo video, played by its privacy-enhanced player once the reader presses play. */
export const EmbedBlock: Block = {
  slug: 'embed',
  labels: { singular: 'Video embed', plural: 'Video embeds' },
  fields: [
    {
      name: 'url',
      label: 'Video address',
      type: 'text',
      required: true,
      maxLength: 500,
      admin: { description: 'A YouTube or Vimeo address, such as https://www.youtube.com/watch?v=… or https://vimeo.com/…' },
      validate: (value: unknown) => (typeof value === 'string' && videoEmbed(value) ? true : VIDEO_URL_RULE),
    },
    { name: 'title', type: 'text', maxLength: 200, admin: { description: 'What the video is, for readers who cannot see it (empty: "YouTube video").' } },
    { name: 'caption', type: 'text', maxLength: 300 },
  ],
};

/** A note, tip or warning set apart from the text: short formatted text, no pictures or blocks inside. */
export const CalloutBlock: Block = {
  slug: 'callout',
  labels: { singular: 'Callout', plural: 'Callouts' },
  fields: [
    { name: 'variant', label: 'Kind', type: 'select', required: true, defaultValue: 'note', options: options(CALLOUT_VARIANTS) },
    { name: 'title', type: 'text', maxLength: 120, admin: { description: 'Empty: the kind ("Note", "Tip" or "Warning").' } },
    {
      name: 'content',
      type: 'richText',
      required: true,
      editor: lexicalEditor({
        features: [ParagraphFeature(), BoldFeature(), ItalicFeature(), InlineCodeFeature(), LinkFeature(), UnorderedListFeature(), OrderedListFeature(), InlineToolbarFeature()],
      }),
    },
  ],
};
