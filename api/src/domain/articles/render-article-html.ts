import type { Element, Root } from 'hast';
import { ARTICLE_HTML_SCHEMA, lexicalFromHast, MAX_CODE_LENGTH, type ImportedBody } from '@app/shared/server';
import rehypeParse from 'rehype-parse';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { IMPORT_LIMITS, sizeText } from './import-limits.ts';
import { liftDisplayMath, mathToTex } from './math-to-tex.ts';

// HTML inside Markdown (a figure, an <img>, a YouTube <iframe>) is parsed too, then sanitized like any HTML.
// `$…$` and `$$…$$` are mathematics (remark-math), so TeX's `_` and `*` are never emphasis.
const markdownToHast = unified().use(remarkParse).use(remarkGfm).use(remarkMath).use(remarkRehype, { allowDangerousHtml: true }).use(rehypeRaw);
const htmlToHast = unified().use(rehypeParse, { fragment: true });
const sanitize = unified().use(rehypeSanitize, ARTICLE_HTML_SCHEMA);
const stringify = unified().use(rehypeStringify);

/** A player's address as the video's own page (which an embed takes): YouTube's /embed/ID, Vimeo's player/video/ID. */
function watchUrl(src: string): string | null {
  const youtube = /^(?:https?:)?\/\/(?:www\.)?youtube(?:-nocookie)?\.com\/embed\/([\w-]{6,64})/.exec(src);
  if (youtube) return `https://www.youtube.com/watch?v=${youtube[1]}`;
  const vimeo = /^(?:https?:)?\/\/player\.vimeo\.com\/video\/(\d{1,20})/.exec(src);
  return vimeo ? `https://vimeo.com/${vimeo[1]}` : null;
}

/** Video players written as <iframe> (which no body may carry) become a paragraph with the video's address: an embed. */
function playersToLinks(node: Root | Element): void {
  node.children = node.children.map((child) => {
    if (child.type !== 'element') return child;
    const url = child.tagName === 'iframe' ? watchUrl(String(child.properties?.src ?? '')) : null;
    if (url) return { type: 'element', tagName: 'p', properties: {}, children: [{ type: 'element', tagName: 'a', properties: { href: url }, children: [{ type: 'text', value: url }] }] };
    playersToLinks(child);
    return child;
  });
}

/**
 * A page's own styles and scripts (`<style>`, `<script>`) are taken out whole, content and all
 * (the sanitiser alone would keep a style's text as words of the article), and counted for a warning.
 */
function dropPageCode(node: Root | Element, dropped: Map<string, number>): void {
  node.children = node.children.filter((child) => {
    if (child.type !== 'element') return true;
    if (child.tagName === 'style' || child.tagName === 'script') {
      dropped.set(child.tagName, (dropped.get(child.tagName) ?? 0) + 1);
      return false;
    }
    dropPageCode(child, dropped);
    return true;
  });
}

/** The warning for what dropPageCode took out. */
function pageCodeWarnings(dropped: Map<string, number>): string[] {
  if (!dropped.size) return [];
  const what = [...dropped].map(([tag, n]) => `${n} <${tag}> element${n === 1 ? '' : 's'}`).join(' and ');
  return [`Removed ${what}: an article carries no styles or scripts of its own (the site's style applies)`];
}

export type RenderedBody = { html: string; body: ImportedBody; warnings: string[] };

/**
 * Markdown through remark, HTML through rehype; both are sanitized, then kept twice: as HTML (the
 * excerpt, the preview) and as the article's rich text (lexicalFromHast: code, tables,
 * pictures, embeds). A body over the article cap, or with a code block over the CMS's, is refused
 * here, wherever it comes from (a file, a Ghost post, a WordPress item), in the preview as in the import.
 */
export async function renderArticleHtml(source: string, kind: 'markdown' | 'html'): Promise<RenderedBody> {
  const bytes = Buffer.byteLength(source);
  if (bytes > IMPORT_LIMITS.maxArticleBytes) throw new Error(`the body is ${sizeText(bytes)}; an article may be at most ${sizeText(IMPORT_LIMITS.maxArticleBytes)}`);
  const tree = (kind === 'html' ? htmlToHast.runSync(htmlToHast.parse(source)) : await markdownToHast.run(markdownToHast.parse(source))) as Root;
  playersToLinks(tree);
  const dropped = new Map<string, number>();
  dropPageCode(tree, dropped);
  mathToTex(tree);
  liftDisplayMath(tree);
  const safe = sanitize.runSync(tree) as Root;
  const body = lexicalFromHast(safe);
  refuseOverlongCode(body.content.root.children);
  return { html: stringify.stringify(safe), body, warnings: pageCodeWarnings(dropped) };
}

type AnyNode = { type?: string; fields?: { blockType?: unknown; code?: unknown }; children?: AnyNode[] };

/**
 * The one limit a body's parts have beyond the file's (issue 49 #1): a code block's, the CMS's
 * field limit (MAX_CODE_LENGTH). Checked here, so the preview refuses what the import would.
 */
function refuseOverlongCode(nodes: readonly unknown[]): void {
  for (const node of nodes as AnyNode[]) {
    const code = node.type === 'block' && node.fields?.blockType === 'code' ? String(node.fields.code ?? '') : '';
    if (code.length > MAX_CODE_LENGTH) throw new Error(`a code block holds ${code.length.toLocaleString('en')} characters; one may hold at most ${MAX_CODE_LENGTH.toLocaleString('en')}`);
    if (node.children) refuseOverlongCode(node.children);
  }
}
