import { expect } from 'vitest';
import yazl from 'yazl';
import { lookUpOldAddress, oldAddressTable, type CmsOldAddress } from '@app/shared/browser';
import type { ArticleImport, ImportPreview, ImportResult } from '@app/shared/schemas';
import type { appForThisFile } from './file-app.ts';
import { TEST_ORIGIN } from './test-app.ts';

/**
 * A site generator's repository written from its documentation (issue 49 #3), with the links its
 * old site served its posts at, as a visitor or a search engine still asks for them.
 */
export type OldLinkSite = { name: string; files: Record<string, string>; posts: number; oldLinks: string[] };

export async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) z.addBuffer(Buffer.from(data), name);
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

type World = ReturnType<typeof appForThisFile>;

/** Lines of code a site's files hold: fenced blocks (``` and ~~~), Liquid and Hugo highlight tags, and <pre> in HTML posts. */
export function codeLinesInSource(files: Record<string, string>): number {
  const blocks = /^([ \t]*)(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\1\2[ \t]*$|\{%-?\s*highlight\b[^%]*%\}\n?([\s\S]*?)\{%-?\s*endhighlight\s*-?%\}|\{\{<\s*highlight\b[^>]*>\}\}\n?([\s\S]*?)\{\{<\s*\/highlight\s*>\}\}|<pre\b[^>]*>(?:<code\b[^>]*>)?([\s\S]*?)(?:<\/code>)?<\/pre>/gm;
  let lines = 0;
  for (const [name, text] of Object.entries(files)) {
    if (!/\.(md|markdown|mdx|html?|xml|json)$/i.test(name)) continue;
    for (const m of text.matchAll(blocks)) {
      const code = (m[3] ?? m[4] ?? m[5] ?? m[6] ?? '').replace(/\n$/, '');
      if (code) lines += code.split('\n').length;
    }
  }
  return lines;
}

/** Lines of code the written articles' bodies hold (their code blocks, as the page shows them). */
export function codeLinesWritten(written: ArticleImport[]): number {
  type Node = { type?: string; fields?: { blockType?: string; code?: string; content?: { root?: { children?: Node[] } } }; children?: Node[] };
  const count = (nodes: Node[]): number =>
    nodes.reduce((n, node) => {
      const own = node.type === 'block' && node.fields?.blockType === 'code' && node.fields.code ? node.fields.code.replace(/\n$/, '').split('\n').length : 0;
      return n + own + count(node.children ?? []) + count(node.fields?.content?.root?.children ?? []);
    }, 0);
  return written.reduce((n, a) => n + count(a.content.root.children as Node[]), 0);
}

/**
 * Previews and imports a site through the real upload route, then asks each old link of the
 * table the site server answers from (the imported articles' old addresses, as the CMS keeps
 * them with each article): how many posts were previewed and imported, and which old links
 * answer 301 to their article's new page.
 */
export async function importOldLinks(t: World, cookie: string, site: OldLinkSite) {
  const send = async (query: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await zipOf(site.files))]), 'site.zip');
    form.append('defaultCategory', 'mindset');
    const res = await fetch(`${t.app.base}/api/admin/articles/upload${query}`, { method: 'POST', body: form, headers: { cookie, origin: TEST_ORIGIN } });
    return res.json();
  };
  const preview = (await send('?dryRun=true')) as ImportPreview;
  const before = t.cms.imported.length;
  const result = (await send('')) as ImportResult;
  const written = t.cms.imported.slice(before) as ArticleImport[];
  const articles = t.cms.records().articles as { id: number; title: string; sourceSlug?: string; _status?: string }[];
  const rows: CmsOldAddress[] = [];
  for (const a of written) {
    const id = articles.findLast((r) => r.title === a.title && r.sourceSlug === a.sourceSlug)!.id;
    for (const path of a.oldAddresses ?? []) rows.push({ id: rows.length + 1, path, article: id });
  }
  const published = new Set(articles.filter((r) => r._status === 'published').map((r) => r.id));
  const table = oldAddressTable(rows, published);
  const lookup = { moved: new Map(Object.entries(table.moved)), gone: new Set(table.gone) };
  const redirected = site.oldLinks.filter((link) => lookUpOldAddress(lookup, new URL(link).pathname + new URL(link).search)?.status === 301);
  const warnings = preview.preview.flatMap((p) => p.warnings.filter((w) => w.includes('cannot be worked out')));
  const figures = { files: Object.keys(site.files).length, previewed: preview.preview.filter((p) => !p.error).length, imported: result.articlesImported, redirected: redirected.length, of: site.oldLinks.length };
  // The code of the files that became articles (a page the import passes over keeps its own).
  const articleFiles = new Set((result.articles ?? []).map((a) => a.file.split(' › ')[0]!));
  const code = { source: codeLinesInSource(Object.fromEntries(Object.entries(site.files).filter(([name]) => articleFiles.has(name)))), page: codeLinesWritten(written) };
  // One line per site for the issue's report.
  console.log(
    `old links — ${site.name}: files ${figures.files}, posts ${site.posts}, previewed ${figures.previewed}, imported ${figures.imported}, code lines ${code.source} in source / ${code.page} on the page, old links answering 301 ${figures.redirected}/${figures.of}${warnings.length ? `; warnings: ${warnings.join(' | ')}` : ''}`,
  );
  expect(result.articlesImported).toBe(figures.previewed);
  // The import's report says it again, with the file.
  const reported = (result.warnings ?? []).filter((w) => w.message.includes('cannot be worked out'));
  return { ...figures, code, missing: site.oldLinks.filter((l) => !redirected.includes(l)), warnings, reported, written };
}
