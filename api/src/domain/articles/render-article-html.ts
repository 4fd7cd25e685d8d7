import { ARTICLE_HTML_SCHEMA, sanitizeArticleHtml } from '@app/shared/server';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { IMPORT_LIMITS, sizeText } from './import-limits.ts';

const markdownToSafeHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, ARTICLE_HTML_SCHEMA).use(rehypeStringify);

/**
 * Markdown through remark, HTML through rehype; both leave only sanitized HTML. A body over the
 * article cap is refused here, wherever it comes from (a file, a Ghost post, a WordPress item).
 */
export async function renderArticleHtml(source: string, kind: 'markdown' | 'html'): Promise<string> {
  const bytes = Buffer.byteLength(source);
  if (bytes > IMPORT_LIMITS.maxArticleBytes) throw new Error(`the body is ${sizeText(bytes)}; an article may be at most ${sizeText(IMPORT_LIMITS.maxArticleBytes)}`);
  if (kind === 'html') return sanitizeArticleHtml(source);
  return String(await markdownToSafeHtml.process(source));
}
