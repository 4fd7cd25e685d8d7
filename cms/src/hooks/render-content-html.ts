import type { CollectionBeforeChangeHook } from 'payload';
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html';
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical';

/** Renders the rich-text body to HTML once, at save time, so readers never pay for it. */
export const renderContentHtml: CollectionBeforeChangeHook = ({ data }) => {
  if (data.content) data.contentHtml = convertLexicalToHTML({ data: data.content as SerializedEditorState });
  return data;
};
