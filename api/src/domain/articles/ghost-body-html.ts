/**
 * Ghost's export carries each post's HTML; a post saved by an editor but never rendered may carry
 * only its editor document. These turn the common parts of Ghost's Lexical and Mobiledoc documents
 * into HTML (paragraphs, headings, lists, quotes, links, text formats, images, code, dividers);
 * cards without an HTML meaning (embeds, buttons, signup forms) are left out. The result is
 * sanitized afterwards like any imported HTML.
 */

import { escapeHtml } from '../../lib/escape-html.ts';

type LexicalNode = { type?: string; tag?: string; text?: string; format?: number; url?: string; src?: string; alt?: string; caption?: string; code?: string; html?: string; listType?: string; children?: LexicalNode[] };

function formatText(text: string, format = 0): string {
  let out = escapeHtml(text);
  if (format & 16) out = `<code>${out}</code>`;
  if (format & 1) out = `<strong>${out}</strong>`;
  if (format & 2) out = `<em>${out}</em>`;
  if (format & 4) out = `<s>${out}</s>`;
  return out;
}

function lexicalNode(node: LexicalNode): string {
  const inner = () => (node.children ?? []).map(lexicalNode).join('');
  switch (node.type) {
    case 'root':
      return inner();
    case 'paragraph':
      return `<p>${inner()}</p>`;
    case 'heading':
    case 'extended-heading':
      return `<${/^h[1-6]$/.test(node.tag ?? '') ? node.tag : 'h2'}>${inner()}</${/^h[1-6]$/.test(node.tag ?? '') ? node.tag : 'h2'}>`;
    case 'quote':
    case 'extended-quote':
    case 'aside':
      return `<blockquote>${inner()}</blockquote>`;
    case 'list':
      return node.listType === 'number' ? `<ol>${inner()}</ol>` : `<ul>${inner()}</ul>`;
    case 'listitem':
      return `<li>${inner()}</li>`;
    case 'link':
      return `<a href="${escapeHtml(node.url ?? '')}">${inner()}</a>`;
    case 'text':
    case 'extended-text':
      return formatText(node.text ?? '', node.format);
    case 'linebreak':
      return '<br>';
    case 'horizontalrule':
      return '<hr>';
    case 'image':
      return `<figure><img src="${escapeHtml(node.src ?? '')}" alt="${escapeHtml(node.alt ?? '')}">${node.caption ? `<figcaption>${node.caption}</figcaption>` : ''}</figure>`;
    case 'codeblock':
      return `<pre><code>${escapeHtml(node.code ?? '')}</code></pre>`;
    case 'html':
    case 'markdown':
      return node.html ?? '';
    default:
      return node.children ? inner() : '';
  }
}

export function lexicalToHtml(json: string): string {
  const doc = JSON.parse(json) as { root?: LexicalNode };
  return doc.root ? lexicalNode(doc.root) : '';
}

type Mobiledoc = {
  atoms?: unknown[];
  cards?: [string, Record<string, unknown>][];
  markups?: [string, string[]?][];
  sections?: unknown[][];
};

/** Mobiledoc 0.3: sections of markers (text with opened/closed markups), cards and lists. */
export function mobiledocToHtml(json: string): string {
  const doc = JSON.parse(json) as Mobiledoc;
  const markups = doc.markups ?? [];
  const markers = (list: unknown[]): string => {
    const open: string[] = [];
    let out = '';
    for (const m of list as [number, number[], number, string][]) {
      for (const i of m[1] ?? []) {
        const [tag, attrs] = markups[i] ?? ['span'];
        const href = attrs && attrs[0] === 'href' ? ` href="${escapeHtml(String(attrs[1] ?? ''))}"` : '';
        out += `<${tag}${href}>`;
        open.push(tag);
      }
      out += m[0] === 0 ? escapeHtml(String(m[3] ?? '')) : '';
      for (let c = 0; c < (m[2] ?? 0); c++) out += `</${open.pop()}>`;
    }
    return out;
  };
  return (doc.sections ?? [])
    .map((s) => {
      const [kind] = s as [number];
      if (kind === 1) {
        const tag = String(s[1]).toLowerCase();
        return `<${tag}>${markers(s[2] as unknown[])}</${tag}>`;
      }
      if (kind === 3) return `<${String(s[1]).toLowerCase()}>${(s[2] as unknown[][]).map((item) => `<li>${markers(item)}</li>`).join('')}</${String(s[1]).toLowerCase()}>`;
      if (kind === 10) {
        const [name, payload] = doc.cards?.[s[1] as number] ?? ['', {}];
        if (name === 'image') return `<figure><img src="${escapeHtml(String(payload.src ?? ''))}" alt="${escapeHtml(String(payload.alt ?? ''))}"></figure>`;
        if (name === 'html' || name === 'markdown') return String(payload.html ?? payload.markdown ?? '');
        if (name === 'hr') return '<hr>';
        if (name === 'code') return `<pre><code>${escapeHtml(String(payload.code ?? ''))}</code></pre>`;
      }
      return '';
    })
    .join('');
}
