import { BODY_BLOCKS, type AnyBodyBlock, type BlockField, type RichTextKind } from '@app/shared/server';
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
import type { Block, Field } from 'payload';

// The article body's own blocks as Payload's blocks. Each block is declared once, with every
// other direction of it, in @app/shared's rich-text/blocks/<slug>.ts (issue 48 #1); here a rich
// text field's kind becomes its Lexical editor, the one runtime value a block needs from the CMS.

/** The editor of each rich-text kind a block's field may name. */
const EDITORS: Record<RichTextKind, ReturnType<typeof lexicalEditor>> = {
  // Short formatted text: no pictures, headings, tables or blocks inside a block.
  short: lexicalEditor({
    features: [ParagraphFeature(), BoldFeature(), ItalicFeature(), InlineCodeFeature(), LinkFeature(), UnorderedListFeature(), OrderedListFeature(), InlineToolbarFeature()],
  }),
};

/** A block's or special node's field as Payload's, a rich text with its kind's editor. */
export function payloadField(field: BlockField): Field {
  if (field.type === 'richText') return { ...field, editor: EDITORS[field.editor] };
  return field;
}

/** A block of the body as Payload's block: its slug, its labels, its fields. */
export const payloadBlock = (block: AnyBodyBlock): Block => ({ slug: block.slug, labels: block.labels, fields: block.fields.map(payloadField) });

/** Every block of the body, in the editor's toolbar in the list's order. */
export const BODY_PAYLOAD_BLOCKS: Block[] = BODY_BLOCKS.map(payloadBlock);
