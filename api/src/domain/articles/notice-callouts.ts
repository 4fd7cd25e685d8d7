// Notices as callouts (issue 49 #5): the boxes site generators' themes draw — Hugo's and Docsy's
// `{{% alert %}}`, hugo-notice's `{{< notice tip >}}`, Hextra's `{{< callout >}}`, Hugo Book's
// `{{< hint >}}`, LoveIt's `{{< admonition >}}`, the documentation theme's
// `{% include note.html content="…" %}`, and kramdown's attribute lists (`{: .notice--warning}`,
// `{:.info}`) under a paragraph or a quote — written as GitHub's `[!NOTE]` quote, which the body's
// reader makes a callout (rich-text/blocks/callout.ts) with its title. Each is read from the
// generator's or theme's documentation: the names and colours they list map to note, tip or warning.
import type { CalloutVariant } from '@app/shared/server';

/** A notice's kind, colour or class as a callout's variant; null: not a notice word. */
export function noticeVariant(word: string | undefined): CalloutVariant | null {
  const w = (word ?? '').toLowerCase().replace(/^(notice|alert|callout|admonition|bs-callout|hint)-{1,2}/, '');
  if (/^(tip|tips|success|hint|example|check)$/.test(w)) return 'tip';
  if (/^(warning|warn|danger|error|caution|attention|failure|bug)$/.test(w)) return 'warning';
  if (/^(note|notice|info|information|important|primary|secondary|abstract|summary|question|quote|callout|alert|admonition|light|dark|default)$/.test(w)) return 'note';
  return null;
}

/** A title as Markdown text: nothing in it is read as markup. */
const titleText = (title: string) => title.replace(/\s+/g, ' ').trim().replace(/[\\[\]*_`]/g, '\\$&').replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A callout as Markdown the importer reads: GitHub's mark and the title on the quote's first
 * line, the content (Markdown, perhaps several paragraphs) below. An HTML quote, so the content
 * needs no `> ` before each line (a fenced block inside stays whole).
 */
export function calloutMarkdown(variant: CalloutVariant, title: string, content: string): string {
  return `\n\n<blockquote>\n\n[!${variant.toUpperCase()}]${title.trim() ? ` ${titleText(title)}` : ''}\n\n${content.trim()}\n\n</blockquote>\n\n`;
}

type Args = { named: Record<string, string>; bare: string[] };

const NOTICE_SHORTCODES = /^(alert|notice|note|tip|warning|callout|admonition|hint|info|caution|important|danger)$/i;

/**
 * A Hugo shortcode's notice, from its name and arguments, or null when the shortcode is not one.
 * Docsy: `alert title="…" color="warning"`; hugo-notice: `notice tip "Title"`; Hextra: `callout
 * type="error"`; Hugo Book: `hint danger`; LoveIt: `admonition type=tip title="…"` or `admonition tip "Title"`.
 */
export function shortcodeNotice(name: string, { named, bare }: Args): { variant: CalloutVariant; title: string } | null {
  if (!NOTICE_SHORTCODES.test(name)) return null;
  const kindWord = named.color ?? named.type ?? named.kind ?? named.variant ?? bare[0];
  const own = noticeVariant(name);
  const variant = noticeVariant(kindWord) ?? own ?? 'note';
  const titled = ['notice', 'admonition'].includes(name.toLowerCase()) && noticeVariant(bare[0]) ? bare[1] : undefined;
  return { variant, title: named.title ?? named.header ?? titled ?? '' };
}

/** The documentation theme's `{% include note.html content="…" %}` (and tip, warning, important, callout with `type`). */
export function includeNotice({ named, bare }: Args): string | null {
  const m = /^(note|tip|warning|important|callout|alert|notice)\.html$/i.exec(bare[0] ?? '');
  if (!m || named.content === undefined) return null;
  const variant = noticeVariant(named.type) ?? noticeVariant(m[1]) ?? 'note';
  return calloutMarkdown(variant, named.title ?? '', named.content);
}

// A block attribute list on a line of its own: `{: .notice--info}`, `{:.warning}`, `{: #id .x key="v"}`.
const BLOCK_IAL = /^[ \t]{0,3}\{:(?!:)([^}\n]*)\}[ \t]*$/;
// A span attribute list after a link or emphasis: `[x](y){:target="_blank"}`.
const SPAN_IAL = /\{:(?!:)[^}\n]*\}/g;

/** The notice a kramdown attribute list names with its classes (`.notice--warning`, `class="info"`), if any. */
function attributeNotice(list: string): CalloutVariant | null {
  const classes = [...list.matchAll(/(?:^|\s)\.([\w-]+)/g)].map((m) => m[1]!);
  for (const m of list.matchAll(/class\s*=\s*["']([^"']*)["']/g)) classes.push(...m[1]!.split(/\s+/));
  for (const c of classes) {
    const v = noticeVariant(c);
    if (v) return v;
  }
  return null;
}

/**
 * kramdown's attribute lists never show as text: one under a paragraph or a quote that names a
 * notice class makes it a callout of that kind (Minimal Mistakes' `notice--warning`, `{:.info}`);
 * every other one (an id, `target="_blank"`, a layout class) is removed, as the page has no use for it.
 */
export function kramdownNotices(markdown: string): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (const line of lines) {
    const ial = BLOCK_IAL.exec(line);
    if (!ial) {
      out.push(line.replace(SPAN_IAL, ''));
      continue;
    }
    const variant = attributeNotice(ial[1]!);
    let start = out.length;
    while (start > 0 && out[start - 1]!.trim() !== '') start--;
    const block = out.splice(start);
    if (!variant || block.length === 0) {
      out.push(...block);
      continue;
    }
    if (block.every((l) => /^[ \t]{0,3}>/.test(l))) out.push(`> [!${variant.toUpperCase()}]`, '>', ...block);
    else out.push(calloutMarkdown(variant, '', block.join('\n')));
  }
  return out.join('\n');
}
