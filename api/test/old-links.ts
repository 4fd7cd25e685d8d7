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
  // One line per site for the issue's report.
  console.log(`old links — ${site.name}: files ${figures.files}, posts ${site.posts}, previewed ${figures.previewed}, imported ${figures.imported}, old links answering 301 ${figures.redirected}/${figures.of}${warnings.length ? `; warnings: ${warnings.join(' | ')}` : ''}`);
  expect(result.articlesImported).toBe(figures.previewed);
  // The import's report says it again, with the file.
  const reported = (result.warnings ?? []).filter((w) => w.message.includes('cannot be worked out'));
  return { ...figures, missing: site.oldLinks.filter((l) => !redirected.includes(l)), warnings, reported, written };
}
