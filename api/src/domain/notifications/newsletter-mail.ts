import { fromHtml } from 'hast-util-from-html';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import rehypeStringify from 'rehype-stringify';
import { unified } from 'unified';
import { tierLabel, type Resource } from '@app/shared/browser';
import type { ArticleSummary } from '@app/shared/schemas';
import { CODE_TOKEN_CLASSES } from '@app/shared/server';
import { escapeHtml } from '../../lib/escape-html.ts';

// The newsletter's mail (issue 37 #8): the article as mail clients draw it — a single 600-pixel
// column of tables with every style inline (clients drop <style> and classes), pictures and links
// made absolute, the player facades plain links — and a plain-text part beside it. A reader whose
// tier does not reach the article gets its public part (title, picture, excerpt) and a link,
// never the body.

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#18181b';
const MUTED = '#52525b';
const LINK = '#1d4ed8';

/** The inline style of each element the sanitised body may hold. */
const STYLES: Record<string, string> = {
  p: 'margin:0 0 16px;',
  h2: `margin:28px 0 12px;font-size:22px;line-height:1.3;color:${INK};`,
  h3: `margin:24px 0 10px;font-size:19px;line-height:1.35;color:${INK};`,
  h4: `margin:20px 0 8px;font-size:17px;color:${INK};`,
  a: `color:${LINK};text-decoration:underline;`,
  ul: 'margin:0 0 16px;padding-left:24px;',
  ol: 'margin:0 0 16px;padding-left:24px;',
  li: 'margin:0 0 6px;',
  blockquote: `margin:0 0 16px;padding:4px 16px;border-left:4px solid #d4d4d8;color:${MUTED};`,
  pre: 'margin:0 0 16px;padding:12px 14px;background:#f4f4f5;border-radius:6px;overflow-x:auto;font-size:14px;line-height:1.5;white-space:pre-wrap;word-break:break-word;',
  code: "font-family:ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;font-size:0.92em;",
  img: 'display:block;max-width:100%;height:auto;border:0;margin:0 auto;',
  figure: 'margin:0 0 16px;',
  figcaption: `margin-top:6px;font-size:14px;color:${MUTED};text-align:center;`,
  table: 'border-collapse:collapse;width:100%;margin:0 0 16px;font-size:15px;',
  th: 'border:1px solid #d4d4d8;padding:6px 10px;text-align:left;background:#f4f4f5;',
  td: 'border:1px solid #d4d4d8;padding:6px 10px;text-align:left;',
  hr: 'border:0;border-top:1px solid #e4e4e7;margin:24px 0;',
  div: 'margin:0 0 16px;',
};
const CALLOUT = 'margin:0 0 16px;padding:12px 16px;background:#eff6ff;border-left:4px solid #3b82f6;border-radius:4px;';

const absolute = <T,>(base: string, url: T): T | string => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url);

function styleTree(node: Root | Element, base: string): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const props = child.properties;
    // A code token's classes become its colour and font style (CODE_TOKEN_CLASSES).
    const classes = Array.isArray(props.className) ? props.className.map(String) : [];
    const tokens = classes.flatMap((c) => (Object.hasOwn(CODE_TOKEN_CLASSES, c) ? [`${CODE_TOKEN_CLASSES[c as keyof typeof CODE_TOKEN_CLASSES]};`] : []));
    if ((child.tagName === 'span' && tokens.length) || child.tagName === 'code') delete props.className;
    const own = child.tagName === 'span' && tokens.length ? tokens.join('') : typeof props.style === 'string' ? props.style : '';
    const callout = child.tagName === 'div' && props.dataCallout !== undefined;
    const style = callout ? CALLOUT : STYLES[child.tagName];
    if (style || own) props.style = `${style ?? ''}${own}`;
    if (child.tagName === 'a') props.href = absolute(base, props.href);
    if (child.tagName === 'img') {
      props.src = absolute(base, props.src);
      // Mail clients neither choose among sizes nor load lazily; the width fits the column.
      for (const drop of ['srcSet', 'sizes', 'loading', 'decoding']) delete props[drop];
      if (typeof props.width === 'number' && props.width > 536) {
        if (typeof props.height === 'number') props.height = Math.round((props.height * 536) / props.width);
        props.width = 536;
      }
    }
    // A video's facade is a link to the video; in a mail it stays just that.
    if (child.tagName === 'a' && props.dataEmbedSrc !== undefined) delete props.dataEmbedSrc;
    styleTree(child, base);
  }
}

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'pre', 'blockquote', 'figure', 'figcaption', 'tr', 'div', 'table', 'ul', 'ol', 'hr']);

/** A body's plain text: blocks on their own lines, a link's address after its words, a picture its alt text. */
function textOf(nodes: (RootContent | ElementContent)[], base: string): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') out += node.value;
    else if (node.type === 'element') {
      const inner = node.tagName === 'img' ? (typeof node.properties.alt === 'string' && node.properties.alt ? `[${node.properties.alt}]` : '') : textOf(node.children, base);
      const href = node.tagName === 'a' ? absolute(base, node.properties.href) : null;
      const piece = node.tagName === 'li' ? `• ${inner.trim()}` : node.tagName === 'br' ? '\n' : typeof href === 'string' && href !== inner.trim() ? `${inner} (${href})` : inner;
      out += BLOCKS.has(node.tagName) ? `\n${piece.trim()}\n` : piece;
    }
  }
  return out;
}

export type NewsletterArticle = { summary: ArticleSummary; content: string };
/** One rendering of an article for every reader of one kind: the whole article, or its public part. */
export type NewsletterCopy = { subject: string; html: (footer: FooterLinks) => string; text: (footer: string[]) => string };
export type FooterLinks = { stop: string; settings: string; siteName: string; /** A line above the mail (a test copy says so). */ note?: string };


/** The two copies of an article's newsletter: `full` for readers its tier reaches, `teaser` for the rest. */
export function renderNewsletter(article: NewsletterArticle, publicUrl: string, siteName: string): { about: Resource; full: NewsletterCopy; teaser: NewsletterCopy } {
  const base = publicUrl.replace(/\/$/, '');
  const { summary } = article;
  const url = `${base}/articles/${summary.id}`;
  const tree = fromHtml(article.content, { fragment: true });
  styleTree(tree, base);
  const bodyHtml = unified().use(rehypeStringify).stringify(tree);
  const bodyText = textOf(tree.children, base).replace(/\n{3,}/g, '\n\n').trim();
  const thumbnail = summary.thumbnail ? `<img src="${escapeHtml(String(absolute(base, summary.thumbnail)))}" alt="" width="536" style="${STYLES.img}margin-bottom:20px;border-radius:6px;">` : '';
  const head = `<h1 style="margin:0 0 8px;font-size:28px;line-height:1.25;color:${INK};">${escapeHtml(summary.title)}</h1><p style="margin:0 0 20px;font-size:14px;color:${MUTED};">${escapeHtml(summary.categoryTitle)} · ${escapeHtml(summary.author)}</p>${thumbnail}`;
  const button = (words: string) => `<p style="margin:24px 0 8px;"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:${LINK};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600;">${escapeHtml(words)}</a></p>`;
  const tier = tierLabel(summary.membershipRequired);
  const locked = `<p style="margin:0 0 16px;">${escapeHtml(summary.excerpt)}</p><div style="${CALLOUT}">The rest of this article is for ${escapeHtml(tier)} members.</div>`;
  const frame = (inner: string, footer: FooterLinks) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(summary.title)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f4f4f5;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;">
${footer.note ? `<tr><td style="padding:12px 32px;background:#fef3c7;border-radius:8px 8px 0 0;font-family:${FONT};font-size:14px;color:#78350f;">${escapeHtml(footer.note)}</td></tr>` : ''}
<tr><td style="padding:28px 32px 4px;font-family:${FONT};font-size:14px;font-weight:600;color:${MUTED};">${escapeHtml(footer.siteName)}</td></tr>
<tr><td style="padding:12px 32px 28px;font-family:${FONT};font-size:16px;line-height:1.6;color:${INK};">${inner}</td></tr>
<tr><td style="padding:18px 32px 28px;border-top:1px solid #e4e4e7;font-family:${FONT};font-size:13px;line-height:1.5;color:${MUTED};">You get the newsletter as a member of ${escapeHtml(footer.siteName)}. <a href="${escapeHtml(footer.stop)}" style="color:${MUTED};text-decoration:underline;">Unsubscribe</a> · <a href="${escapeHtml(footer.settings)}" style="color:${MUTED};text-decoration:underline;">Choose what we send you</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return {
    about: summary,
    full: {
      subject: summary.title,
      html: (footer) => frame(`${head}${bodyHtml}${button('Read it on the site')}`, footer),
      text: (footer) => [summary.title, '', bodyText, '', `Read it on ${siteName}: ${url}`, '', ...footer].join('\n'),
    },
    teaser: {
      subject: summary.title,
      html: (footer) => frame(`${head}${locked}${button(`Read it with ${tier}`)}`, footer),
      text: (footer) => [summary.title, '', summary.excerpt, '', `The rest of this article is for ${tier} members: ${url}`, '', ...footer].join('\n'),
    },
  };
}
