import type { CollectionBeforeChangeHook } from 'payload';
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical';
import { renderRichText } from '../rich-text/render-rich-text';

/**
 * Renders the rich-text body to sanitized HTML at every save, so readers never pay for it.
 * `contentHtml` is written here and nowhere else: its field refuses writes from anyone, and a
 * save that does not change `content` re-renders it from the stored body.
 */
export const renderContentHtml: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const content = (data.content ?? originalDoc?.content) as SerializedEditorState | undefined;
  data.contentHtml = content ? await renderRichText(content, req) : '';
  return data;
};
