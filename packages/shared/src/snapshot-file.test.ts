import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ContentRecords, ContentSnapshot } from './server.ts';
import { readSnapshotIndexed } from './snapshot-file.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'snapshot-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Bodies that look like the file's own structure: quotes, backslashes, brackets, the key names, non-ASCII.
const BODIES = [
  '<p>Plain.</p>',
  '<p>"records":{"articles":[{"id":99}]} and \\"escaped\\" quotes, a \\\\ backslash, } ] { [</p>',
  '<pre><code>const a = { b: [1, 2] }; // "ünïcødé" — 漢字 🎉</code></pre>',
  '',
];

function records(articlesFirst: boolean): ContentRecords {
  const articles = BODIES.map((contentHtml, i) => ({ id: i + 1, title: `Article "${i}" [x]`, excerpt: 'articles', membershipRequired: 'free' as const, contentHtml, interactiveData: { keyPoints: [{ text: '{"articles":[' }] }, createdAt: '2026-01-01T00:00:00.000Z' }));
  const rest = { categories: [{ id: 1, slug: 'articles', title: 'Articles' }], videos: [], products: [], settings: { siteName: 'The "articles": [ site' } } as unknown as Omit<ContentRecords, 'articles'>;
  return (articlesFirst ? { articles, ...rest } : { ...rest, articles }) as ContentRecords;
}

function write(name: string, snapshot: ContentSnapshot): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(snapshot, null, name.includes('pretty') ? 2 : undefined));
  return file;
}

describe('reading the site build\'s snapshot file an article at a time', () => {
  for (const [name, articlesFirst] of [['articles-last.json', false], ['articles-first-pretty.json', true]] as const) {
    it(`gives the snapshot without bodies and each body from the file (${name}), whatever the bodies hold and however the file is read in pieces`, async () => {
      const snapshot: ContentSnapshot = { version: 'v1', loadedAt: '2026-01-01T00:00:00.000Z', records: records(articlesFirst) };
      const file = write(name, snapshot);
      for (const chunkBytes of [1 << 20, 7, 1]) {
        const read = await readSnapshotIndexed(file, chunkBytes);
        expect(read.snapshot).toEqual({ ...snapshot, records: { ...snapshot.records, articles: snapshot.records.articles.map((a) => ({ ...a, contentHtml: '' })) } });
        for (const a of snapshot.records.articles) expect(await read.bodyOf(a.id)).toBe(a.contentHtml);
        expect(await read.bodyOf(12345)).toBeNull();
      }
    });
  }

  it('refuses a file that is not a content snapshot', async () => {
    const file = path.join(dir, 'not.json');
    writeFileSync(file, JSON.stringify({ records: { categories: [] } }));
    await expect(readSnapshotIndexed(file)).rejects.toThrow('is not a content snapshot');
  });
});
