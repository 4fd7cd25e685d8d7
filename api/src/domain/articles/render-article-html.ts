import { ARTICLE_HTML_SCHEMA, sanitizeArticleHtml } from '@app/shared/server';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

const markdownToSafeHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, ARTICLE_HTML_SCHEMA).use(rehypeStringify);

/** Markdown through remark, HTML through rehype; both leave only sanitized HTML. */
export async function renderArticleHtml(source: string, kind: 'markdown' | 'html'): Promise<string> {
  if (kind === 'html') return sanitizeArticleHtml(source);
  return String(await markdownToSafeHtml.process(source));
}
