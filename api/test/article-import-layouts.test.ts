import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { ArticleImport, ImportPreview, ImportResult } from '@app/shared/schemas';
import { appForThisFile } from './file-app.ts';
import { sampleRecords } from './fixtures.ts';
import { TEST_ORIGIN } from './test-app.ts';

// Small sites written from each generator's documentation (issue 40): their layout as it is in its repository.
const t = appForThisFile({
  records: () => {
    const r = sampleRecords();
    return { ...r, categories: [...r.categories, { id: 20, slug: 'mindset', title: 'Mindset' }, { id: 21, slug: 'productivity', title: 'Productivity' }] };
  },
  app: () => ({ cmsUrl: t.cms.url }),
});
let cookie = '';
const adminCookie = async () => (cookie ||= [...(await t.member('layout_admin', 'free', true)).cookies].map(([k, v]) => `${k}=${v}`).join('; '));

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const [name, data] of Object.entries(files)) z.addBuffer(Buffer.isBuffer(data) ? data : Buffer.from(data), name);
  z.end();
  const chunks: Buffer[] = [];
  for await (const c of z.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function send(zip: Buffer, query = '', fields: Record<string, string> = { defaultCategory: 'mindset' }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(zip)]), 'site.zip');
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${t.app.base}/api/admin/articles/upload${query}`, { method: 'POST', body: form, headers: { cookie: await adminCookie(), origin: TEST_ORIGIN } });
  return res.json();
}
/** Preview, then import: what the preview promised is what was written. */
async function previewThenImport(zip: Buffer) {
  const preview = (await send(zip, '?dryRun=true')) as ImportPreview;
  const before = t.cms.imported.length;
  const result = (await send(zip)) as ImportResult;
  const written = t.cms.imported.slice(before) as ArticleImport[];
  expect(result.articlesImported).toBe(preview.preview.filter((p) => !p.error).length);
  return { preview, result, written, byTitle: (title: string) => written.find((a) => a.title === title)! };
}
const nodes = (a: ArticleImport) => JSON.stringify(a.content);

describe('a Jekyll blog zipped as its repository is (source: src)', () => {
  it('imports its posts with code, tables, pictures, videos and links to each other kept', async () => {
    const zip = await zipOf({
      'blog-main/_config.yml': 'title: A blog\nsource: src\nurl: https://ada.example.org\npermalink: pretty\n',
      'blog-main/README.md': '# My blog\n',
      'blog-main/src/about.md': '---\ntitle: About\n---\nMe.\n',
      'blog-main/src/assets/img/lake.png': PNG,
      'blog-main/src/_posts/2020-01-02-first.md': '---\ntitle: First\ncategories: [Productivity]\n---\nHello.\n',
      'blog-main/src/notes/_posts/2020-02-03-code.md': [
        '---', 'title: Code and tables', 'tags: [liquid]', '---',
        'See [the first post]({% post_url 2020-01-02-first %}) and [again]({{ site.baseurl }}/productivity/2020/01/02/first/).', '',
        '```liquid', '{% raw %}{{ page.title }}{% endraw %} and {% include x.html %}', '```', '',
        '    indented {{ code }}', '',
        '| Step | Time |', '| --- | --- |', '| Breathe | 4 s |', '',
        '![A calm lake](/assets/img/lake.png "At dawn")', '',
        '{% youtube dQw4w9WgXcQ %}', '',
        '> A quote[^1]', '', '[^1]: The note.', '',
      ].join('\n'),
    });
    const { preview, result, byTitle } = await previewThenImport(zip);
    expect(preview.preview.map((p) => p.title).sort()).toEqual(['Code and tables', 'First']);
    expect(preview.skipped.map((s) => s.file)).toEqual(expect.arrayContaining(['blog-main/README.md', 'blog-main/src/about.md']));
    expect(result.kept).toMatchObject({ codeBlocks: 2, tables: 1, pictures: 1, embeds: 1, picturesCopied: 1 });
    const first = byTitle('First');
    const code = byTitle('Code and tables');
    // The folder above _posts is a category; the post declares none of its own, and its tag is none of the site's.
    expect(code).toMatchObject({ category: 'notes', tags: ['liquid'], sourceSite: 'https://ada.example.org', oldAddresses: ['/notes/2020/02/03/code/'] });
    expect(first).toMatchObject({ category: 'productivity', oldAddresses: ['/productivity/2020/01/02/first/'] });
    const body = nodes(code);
    expect(body).toContain('"code":"{% raw %}{{ page.title }}{% endraw %} and {% include x.html %}"');
    expect(body).toContain('"language":"liquid"');
    expect(body).toContain('"code":"indented {{ code }}"');
    expect(body).toContain('"type":"table"');
    expect(body).toContain('"type":"import-picture"');
    // Named by where it came from, so an update replaces the picture instead of adding a copy.
    expect(code.pictures).toEqual([{ name: 'lake.png', mimetype: 'image/png', base64: PNG.toString('base64'), alt: 'A calm lake', source: 'blog-main/src/assets/img/lake.png' }]);
    expect(body).toContain('"caption":"At dawn"');
    expect(body).toContain('"blockType":"embed","url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ"');
    // Both links to the first post lead to its new page.
    const firstId = t.cms.records().articles.find((a) => a.title === 'First')!.id;
    expect(body.match(new RegExp(`"url":"/articles/${firstId}"`, 'g'))).toHaveLength(2);
  });
});

describe('a Hugo site with TOML front matter, bundles and a translation', () => {
  it('imports the sections’ posts with their bundle pictures and figure captions, and skips lists, home pages and the translation', async () => {
    const zip = await zipOf({
      'hugo.toml': "baseURL = 'https://hugo.example.com/'\ndefaultContentLanguage = 'en'\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\n",
      'content/_index.md': '+++\ntitle = "Home"\n+++\n',
      'content/about.md': '+++\ntitle = "About"\n+++\nAbout.\n',
      'content/posts/_index.md': '+++\ntitle = "Posts"\n+++\n',
      'content/posts/trip/index.md': '+++\ntitle = "A trip"\ndate = 2023-02-30\ncategories = ["Travel"]\ntags = ["lakes"]\naliases = ["/old/trip/"]\n+++\n{{< figure src="lake.png" alt="The lake" caption="Our lake" >}}\n\n{{< vimeo 76979871 >}}\n',
      'content/posts/trip/lake.png': PNG,
      'content/posts/trip/index.fr.md': '+++\ntitle = "Un voyage"\n+++\nBonjour.\n',
      'content/posts/json.md': '{\n  "title": "JSON front matter",\n  "date": "2023-03-01"\n}\nText.\n',
    });
    const { preview, byTitle } = await previewThenImport(zip);
    expect(preview.preview.map((p) => p.title).sort()).toEqual(['A trip', 'JSON front matter']);
    const trip = preview.preview.find((p) => p.title === 'A trip')!;
    // 30 February is no day: the article needs a date and waits, unpublished.
    expect(trip).toMatchObject({ published: false, publishDate: null, category: 'travel' });
    expect(trip.warnings).toContain('The date "2023-02-30" is not a day of the calendar: the article needs a date, so it is imported unpublished');
    expect(preview.skipped.find((s) => s.file === 'content/posts/trip/index.fr.md')?.reason).toBe('a translation (fr) of content/posts/trip/index.md: only the default language (en) is imported');
    expect(byTitle('A trip')).toMatchObject({ oldAddresses: ['/posts/trip/', '/old/trip/'], pictures: [expect.objectContaining({ name: 'lake.png', alt: 'The lake' })] });
    expect(nodes(byTitle('A trip'))).toContain('"caption":"Our lake"');
    expect(nodes(byTitle('A trip'))).toContain('"url":"https://vimeo.com/76979871"');
  });
});

describe('an Astro template and an Eleventy starter as they are', () => {
  it('imports Astro posts where its content config says, and Eleventy posts without its README and 404 page', async () => {
    const astro = await previewThenImport(
      await zipOf({
        'astro.config.ts': "export default defineConfig({ site: 'https://astro.example.com' });",
        'src/content.config.ts': "const post = defineCollection({ loader: glob({ pattern: ['*.md', '*.mdx'], base: 'src/data/post' }) });",
        'src/data/post/get-started.md': '---\ntitle: Get started\npublishDate: 2023-08-12T00:00:00Z\ncategory: Tutorials\ntags: [astro]\n---\nHi.\n',
        'src/pages/about.md': '---\ntitle: About\n---\nAbout.\n',
        'src/pages/blog/[...slug].astro': '---\n---\n',
      }),
    );
    expect(astro.preview.preview.map((p) => [p.title, p.category])).toEqual([['Get started', 'tutorials']]);
    expect(astro.byTitle('Get started')).toMatchObject({ oldAddresses: ['/blog/get-started/'], tags: ['astro'] });

    const eleventy = await previewThenImport(
      await zipOf({
        'eleventy.config.js': 'export const config = { dir: { input: "content", includes: "../_includes" } };',
        'README.md': '# eleventy-base-blog\n',
        'content/404.md': '---\npermalink: 404.html\n---\nNot found.\n',
        'content/index.md': '---\ntitle: Home\n---\nHome.\n',
        'content/blog/blog.11tydata.js': 'export default { tags: ["posts"], layout: "layouts/post.njk" };',
        'content/blog/firstpost.md': '---\ntitle: First\ndate: 2018-05-01\ntags: [second tag]\n---\nText.\n',
      }),
    );
    expect(eleventy.preview.preview.map((p) => p.title)).toEqual(['First']);
    expect(eleventy.preview.skipped.map((s) => s.file).sort()).toEqual(['README.md', 'content/404.md', 'content/blog/blog.11tydata.js', 'content/index.md', 'eleventy.config.js']);
  });
});

describe('an import whose browser goes away', () => {
  it('goes on to its end and writes every article', async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 300; i++) files[`posts/left-${i}.md`] = `---\ntitle: Left ${i}\ndate: 2021-01-01\n---\nBody ${i}.\n`;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await zipOf(files))]), 'left.zip');
    form.append('defaultCategory', 'mindset');
    const before = t.cms.imported.length;
    const leaving = new AbortController();
    const res = await fetch(`${t.app.base}/api/admin/articles/upload`, { method: 'POST', body: form, signal: leaving.signal, headers: { cookie: await adminCookie(), origin: TEST_ORIGIN, accept: 'application/x-ndjson' } });
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^\{"progress":\{"done":0,"total":300\}\}/);
    leaving.abort();
    await expect.poll(() => t.cms.imported.length - before, { timeout: 60_000 }).toBe(300);
    // The API still answers.
    expect((await fetch(`${t.app.base}/api/health`)).status).toBe(200);
  });
});

describe('one upload of 1,005 posts', () => {
  it('previews and imports every one, with its progress streamed', async () => {
    const files: Record<string, string> = { '_config.yml': 'title: Many\n' };
    for (let i = 0; i < 1005; i++) files[`_posts/2019-01-${String((i % 28) + 1).padStart(2, '0')}-post-${i}.md`] = `---\ntitle: Post ${i}\ncategories: [Productivity]\n---\nBody of post ${i}.\n`;
    const zip = await zipOf(files);
    const preview = (await send(zip, '?dryRun=true')) as ImportPreview;
    expect(preview.message).toBe('1005 articles would be imported.');
    const before = t.cms.imported.length;
    const result = (await send(zip)) as ImportResult;
    expect(result).toMatchObject({ articlesImported: 1005, errors: [] });
    expect(t.cms.imported.length - before).toBe(1005);
  }, 180_000);
});
