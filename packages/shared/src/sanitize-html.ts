// Server-only (unified is not for the browser): import from '@app/shared/server'.
import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';

/** GitHub's allowlist (rehype-sanitize's default): no scripts, styles, event handlers or javascript: links. */
export const ARTICLE_HTML_SCHEMA = defaultSchema;

const htmlToSafeHtml = unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, ARTICLE_HTML_SCHEMA).use(rehypeStringify);

/** The one sanitizer for article HTML, wherever it is produced (the CMS's save hook, the ZIP import). */
export function sanitizeArticleHtml(html: string): string {
  return String(htmlToSafeHtml.processSync(html));
}
