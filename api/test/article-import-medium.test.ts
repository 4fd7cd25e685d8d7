import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { ArticleImport, ImportPreview, ImportResult } from '@app/shared/schemas';
import { appForThisFile } from './file-app.ts';
import { sampleRecords } from './fixtures.ts';
import { TEST_ORIGIN } from './test-app.ts';

// A Medium export (medium.com/me/export) written from its documented shape: stories and responses
// in posts/, the account's other pages beside them, pictures on Medium's CDN.
const MEDIUM = path.join(import.meta.dirname, 'fixtures', 'article-import', 'medium');
const t = appForThisFile({
  records: () => {
    const r = sampleRecords();
    return { ...r, categories: [...r.categories, { id: 30, slug: 'mindset', title: 'Mindset' }] };
  },
  app: () => ({ cmsUrl: t.cms.url }),
});
let cookie = '';
const adminCookie = async () => (cookie ||= [...(await t.member('medium_admin', 'free', true)).cookies].map(([k, v]) => `${k}=${v}`).join('; '));

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

/** The export's files under `prefix` (a folder the archive was unpacked into and zipped again), and any others. */
async function zipOf(prefix: string, extra: Record<string, Buffer | string> = {}): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const entry of await readdir(MEDIUM, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    z.addBuffer(await readFile(full), prefix + path.relative(MEDIUM, full).split(path.sep).join('/'));
  }
  for (const [name, data] of Object.entries(extra)) z.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), prefix + name);
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function send(zip: Buffer, query = '') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), 'medium-export.zip');
  form.append('defaultCategory', 'mindset');
  const res = await fetch(`${t.app.base}/api/admin/articles/upload${query}`, { method: 'POST', body: form, headers: { cookie: await adminCookie(), origin: TEST_ORIGIN } });
  return { status: res.status, body: await res.json() };
}
const nodes = (a: ArticleImport) => JSON.stringify(a.content);

const SLOW = 'posts/2021-06-14_Slow-mornings--quiet-minds-4f1e2a9c7b3d.html';
const RESPONSE = 'posts/2021-07-02_Thank-you--this-helped-me-today-7e6d5c4b3a29.html';

describe('importing a Medium export', () => {
  it('takes the stories in posts/ — title, subtitle as excerpt, date, drafts by their file name — and passes over the account’s other pages and the responses', async () => {
    const { status, body } = (await send(await zipOf('medium-export/'), '?dryRun=true')) as { status: number; body: ImportPreview };
    expect(status).toBe(200);
    const items = Object.fromEntries(body.preview.map((p) => [p.title, p]));
    expect(Object.keys(items).sort()).toEqual(['Notes on focus', 'Slow mornings, quiet minds', 'Walking meetings']);
    expect(items['Slow mornings, quiet minds']).toMatchObject({ file: `medium-export/${SLOW}`, category: 'mindset', publishDate: '2021-06-14T07:45:12.345Z', published: true, membershipRequired: 'free' });
    expect(items['Slow mornings, quiet minds']!.warnings).toContain('A Medium embed (a video, a gist or a post shown in a frame) was left out: the export does not say what it showed');
    expect(items['Walking meetings']).toMatchObject({ publishDate: '2022-02-03T18:05:00.000Z', published: true });
    expect(items['Notes on focus']).toMatchObject({ published: false, publishDate: null });
    // The files it took are its stories; every other page of the export is passed over, and said why.
    expect(body.skipped.map((s) => s.file).sort()).toEqual(['README.html', RESPONSE, 'claps/claps-0001.html', 'lists/Reading-list-5b4a39281706.html', 'profile/profile.html'].map((f) => `medium-export/${f}`).sort());
    expect(body.skipped.find((s) => s.file.endsWith('profile.html'))!.reason).toBe('a page of the Medium export (profile, lists, claps…), not a story (stories are in posts)');
    expect(body.skipped.find((s) => s.file.endsWith(RESPONSE))!.reason).toBe('a response you wrote to a story on Medium, not a story');
  });

  it('writes each story’s body without Medium’s markup, with its author, old addresses and links to the other stories, and its pictures from the ZIP where they are in it', async () => {
    const before = t.cms.imported.length;
    // A picture saved under its Medium id beside the export; the other pictures stay on Medium's CDN.
    const { status, body } = (await send(await zipOf('', { 'images/1*Uml2ZXJQYXRoQWJj.jpeg': PNG }))) as { status: number; body: ImportResult };
    expect(status).toBe(200);
    expect(body).toMatchObject({ articlesImported: 3, errors: [] });
    const written = t.cms.imported.slice(before) as ArticleImport[];
    const byTitle = (title: string) => written.find((a) => a.title === title)!;

    const slow = byTitle('Slow mornings, quiet minds');
    expect(slow).toMatchObject({
      excerpt: 'Three small habits for the first hour of the day',
      author: 'Wren Ashby',
      sourceSlug: 'slow-mornings-quiet-minds',
      sourceSite: 'https://medium.com',
      oldAddresses: ['/@wren.ashby/slow-mornings-quiet-minds-4f1e2a9c7b3d', '/p/4f1e2a9c7b3d'],
      published: true,
      thumbnail: null,
    });
    expect(slow.html).not.toMatch(/graf|markup--|section-divider|mixtape|user-content|<section|<h1|<h4|iframe/);
    expect(slow.html).toContain('<pre><code>06:30 wake, water\n06:40 stretch\n07:00 write one page</code></pre><hr><h3>What changed</h3>');
    expect(slow.html).toContain('<p><a href="https://calm.example.org/morning-pages">Morning pages, explained</a></p>');
    const walkingId = t.cms.records().articles.find((a) => a.title === 'Walking meetings')!.id;
    expect(nodes(slow)).toContain(`"url":"/articles/${walkingId}"`);
    // Medium's CDN is not reachable here: the featured picture and the body's are left out, and said so.
    const slowWarnings = body.warnings!.filter((w) => w.file === SLOW).map((w) => w.message);
    expect(slowWarnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^the image https:\/\/cdn-images-1\.medium\.com\/max\/800\/1\*Qm9ybmluZ0xpZ2h0WHo\.png was not fetched: .*; imported without a picture$/),
        expect.stringMatching(/^the image https:\/\/cdn-images-1\.medium\.com\/max\/800\/1\*Qm9ybmluZ0xpZ2h0WHo\.png was not fetched: .*; the picture was left out$/),
      ]),
    );

    const walking = byTitle('Walking meetings');
    // Sent as what its bytes are (a PNG saved as .jpeg), so the CMS takes it.
    expect(walking.pictures).toEqual([{ name: '1*Uml2ZXJQYXRoQWJj.png', mimetype: 'image/png', base64: PNG.toString('base64'), alt: 'Walking meetings', source: 'images/1*Uml2ZXJQYXRoQWJj.jpeg' }]);
    expect(nodes(walking)).toContain('"language":"yaml","code":"agenda:\\n  - one thing that went well\\n  - one thing to change"');
    expect(body.kept).toMatchObject({ picturesCopied: 1, codeBlocks: 2 });

    const notes = byTitle('Notes on focus');
    expect(notes).toMatchObject({ published: false, excerpt: 'One tab. One task. A timer on the desk.' });
    // A draft was never read anywhere: it has no old address.
    expect(notes.oldAddresses).toBeUndefined();
  });

  it('leaves HTML files Medium did not name as its stories to the other importers', async () => {
    const z = new yazl.ZipFile();
    z.addBuffer(Buffer.from('<h1>Plain page</h1><p>Written by hand.</p>'), 'posts/plain-page.html');
    z.end();
    const chunks: Buffer[] = [];
    for await (const c of z.outputStream) chunks.push(c as Buffer);
    const { body } = (await send(Buffer.concat(chunks), '?dryRun=true')) as { body: ImportPreview };
    expect(body.preview).toEqual([expect.objectContaining({ file: 'posts/plain-page.html', title: 'Plain page' })]);
  });
});
