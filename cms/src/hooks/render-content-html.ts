import type { CollectionBeforeChangeHook } from 'payload';
import type { SerializedEditorState } from '@payloadcms/richtext-lexical/lexical';
import { renderRichText } from '../rich-text/render-rich-text';

/**
 * `contentHtml`'s limit: none a body can reach (issue 49 #1). Payload holds every text field to
 * 40,000 characters unless told otherwise, which refused long posts; this field is written only
 * here, from a body whose own parts are limited (a code block's MAX_CODE_LENGTH, an imported
 * article file's 2 MB), so it is not a limit on what a writer may write.
 */
export const RENDERED_HTML_MAX_LENGTH = Number.MAX_SAFE_INTEGER;

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
