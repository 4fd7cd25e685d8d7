import rehypeParse from 'rehype-parse';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// GitHub's allowlist (rehype-sanitize's default): no scripts, styles, event handlers or javascript: links.
const schema = defaultSchema;

const markdownToSafeHtml = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitize, schema).use(rehypeStringify);
const htmlToSafeHtml = unified().use(rehypeParse, { fragment: true }).use(rehypeSanitize, schema).use(rehypeStringify);

/** Markdown through remark, HTML through rehype; both leave only sanitized HTML. */
export async function renderArticleHtml(source: string, kind: 'markdown' | 'html'): Promise<string> {
  const file = await (kind === 'markdown' ? markdownToSafeHtml : htmlToSafeHtml).process(source);
  return String(file);
}
