import type { CollectionBeforeChangeHook } from 'payload';
import { convertLexicalToHTML } from '@payloadcms/richtext-lexical/html';
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical';
import { sanitizeArticleHtml } from '@app/shared/server';

/**
 * Renders the rich-text body to sanitized HTML at every save, so readers never pay for it.
 * `contentHtml` is written here and nowhere else: its field refuses writes from anyone, and a
 * save that does not change `content` re-renders it from the stored body.
 */
export const renderContentHtml: CollectionBeforeChangeHook = ({ data, originalDoc }) => {
  const content = (data.content ?? originalDoc?.content) as SerializedEditorState | undefined;
  data.contentHtml = content ? sanitizeArticleHtml(convertLexicalToHTML({ data: content })) : '';
  return data;
};
