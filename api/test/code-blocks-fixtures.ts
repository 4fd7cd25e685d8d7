// Helpers of the code-block import tests (issue 49 #2): what an imported body's code blocks and
// lists are (and what their items hold), and a WordPress export around given post bodies.
import type { ArticleCandidate } from '../src/domain/articles/article-candidate.ts';

type Node = { type: string; value?: number; start?: number; text?: string; fields?: { blockType?: string; language?: string; code?: string }; children?: Node[] };

const nodesOf = (c: ArticleCandidate) => c.body.content.root.children as unknown as Node[];

/** Every code block of the body, in order: its language and its text. */
export function codeOf(c: ArticleCandidate): { language: string; code: string }[] {
  const out: { language: string; code: string }[] = [];
  const visit = (n: Node) => {
    if (n.type === 'block' && n.fields?.blockType === 'code') out.push({ language: n.fields.language!, code: n.fields.code! });
    n.children?.forEach(visit);
  };
  nodesOf(c).forEach(visit);
  return out;
}

const textOf = (n: Node): string => (n.type === 'text' ? (n.text ?? '') : (n.children ?? []).map(textOf).join(''));

/** Each top-level list as its items, "value:text". */
export const listsOf = (c: ArticleCandidate): string[][] => nodesOf(c).filter((n) => n.type === 'list').map((l) => (l.children ?? []).map((i) => `${i.value}:${textOf(i)}`));

/** What an item holds, in order: its text runs, its code blocks ("code:…"), its nested lists ("list:[…|…]"). */
function partsOf(children: Node[]): string[] {
  const out: string[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push(text);
    text = '';
  };
  for (const n of children) {
    if (n.type === 'block' && n.fields?.blockType === 'code') {
      flush();
      out.push(`code:${n.fields.code}`);
    } else if (n.type === 'list') {
      flush();
      out.push(`list:[${(n.children ?? []).map((i) => partsOf(i.children ?? []).join('|')).join(' / ')}]`);
    } else text += n.type === 'linebreak' ? '\n' : textOf(n);
  }
  flush();
  return out;
}

/** Each item of the body's only top-level list: its value, then what it holds (partsOf). */
export function itemsOf(c: ArticleCandidate): string[][] {
  const lists = nodesOf(c).filter((n) => n.type === 'list');
  if (lists.length !== 1) throw new Error(`the body has ${lists.length} top-level lists, not one`);
  return (lists[0]!.children ?? []).map((i) => [String(i.value), ...partsOf(i.children ?? [])]);
}

/** A WordPress export (WXR 1.2) with one published post per body. */
export function wxr(...bodies: string[]): string {
  const items = bodies.map(
    (body, i) => `<item><title>Post ${i + 1}</title><link>https://blog.example.org/post-${i + 1}/</link><dc:creator><![CDATA[writer]]></dc:creator>
<content:encoded><![CDATA[${body}]]></content:encoded><excerpt:encoded><![CDATA[]]></excerpt:encoded>
<wp:post_id>${i + 1}</wp:post_id><wp:post_date_gmt><![CDATA[2023-05-0${(i % 9) + 1} 10:00:00]]></wp:post_date_gmt><wp:post_name><![CDATA[post-${i + 1}]]></wp:post_name>
<wp:status><![CDATA[publish]]></wp:status><wp:post_type><![CDATA[post]]></wp:post_type></item>`,
  );
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>Example blog</title><link>https://blog.example.org</link><wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://blog.example.org</wp:base_blog_url>
${items.join('\n')}
</channel></rss>`;
}
