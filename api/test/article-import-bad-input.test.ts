// Issue 49 #6, "bad input, precisely": a picture that cannot be read or stored, alt text over the
// limit, a malformed WordPress export, impossible dates — each named in a warning or an error,
// never a whole post refused for a part of it, never an item lost without a word; and the preview
// says exactly what the import does. Fixtures written from each generator's documentation (Jekyll
// front matter, WordPress's WXR 1.2, Ghost 5's JSON export, Hugo/Docsy's alert shortcode).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArticleImport, ImportPreview, ImportResult } from '@app/shared/schemas';
import { png, zip } from '../../bench/archive-files.mjs';
import type { UserRow } from '../src/domain/accounts/user-dto.ts';
import { convertFiles } from '../src/domain/articles/convert-files.ts';
import { importArticles, type ArticleSink, type ArticleWritten, type FetchImage } from '../src/domain/articles/import-articles.ts';
import { ImageFetchError } from '../src/domain/ports/image-fetcher.ts';

const admin = { id: 1, role: 'admin', accountStatus: 'active', membershipTier: 'free' } as UserRow;
const options = { onDuplicate: 'skip' as const, defaultCategory: 'notes', includePages: false };

/** A whole PNG, and broken ones: its header with the rest cut off, and its data scrambled. */
const PICTURE = png(40, 30, (raw) => raw.fill(120));
const TRUNCATED = PICTURE.subarray(0, 60);
const SCRAMBLED = Buffer.concat([PICTURE.subarray(0, 41), Buffer.alloc(PICTURE.length - 41, 7)]);

/** Pictures on the web, as a stand-in for the public fetcher: one answers, one is corrupt, the others fail as the fetcher says. */
const fetchImage: FetchImage = async (url) => {
  if (url.endsWith('/fine.png')) return { name: 'fine.png', mimetype: 'image/png', data: PICTURE };
  if (url.endsWith('/corrupt.png')) return { name: 'corrupt.png', mimetype: 'image/png', data: SCRAMBLED };
  throw new ImageFetchError(url, 'the server answered 404');
};

/** The CMS as the import sees it: it writes what it is sent, and may say a picture could not be stored. */
function sinkOf(leaveOut: (a: ArticleImport) => ArticleWritten['picturesLeftOut'] = () => undefined) {
  const written: ArticleImport[] = [];
  const sink: ArticleSink = {
    create: async (a) => {
      written.push(a);
      const picturesLeftOut = leaveOut(a);
      return { id: written.length, ...(picturesLeftOut ? { picturesLeftOut } : {}) };
    },
    importTargets: async () => ({ categories: [{ slug: 'notes', title: 'Notes' }], articles: [] }),
  };
  return { sink, written };
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'import-bad-input-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

let uploads = 0;
async function uploaded(name: string, data: Buffer | string) {
  const file = path.join(dir, `${++uploads}-${name}`);
  await writeFile(file, data);
  return { name, mimetype: name.endsWith('.zip') ? 'application/zip' : 'text/xml', path: file, size: Buffer.byteLength(data) };
}

async function run(name: string, data: Buffer | string, sink = sinkOf()) {
  const file = await uploaded(name, data);
  const deps = { sink: sink.sink, fetchImage, convert: (input: Parameters<typeof convertFiles>[0]) => convertFiles(input) };
  const preview = (await importArticles(admin, file, { ...options, dryRun: true }, deps)) as ImportPreview;
  const result = (await importArticles(admin, file, { ...options, dryRun: false }, deps)) as ImportResult;
  return { preview, result, written: sink.written };
}

const warningsOf = (r: ImportResult, file: string) => (r.warnings ?? []).filter((w) => w.file === file).map((w) => w.message);
const previewOf = (p: ImportPreview, file: string) => p.preview.find((i) => i.file === file)!;

const md = (front: string, body: string) => `---\n${front}\n---\n${body}\n`;

describe('a picture that cannot be read or stored', () => {
  it('is left out with a warning naming it, and its post imports: missing, truncated, scrambled, not a picture, unreachable or corrupt on the web', async () => {
    const archive = await zip([
      [
        '_posts/2021-04-05-pictures.md',
        md(
          'title: Pictures, some broken\nimage: /assets/missing-cover.png',
          [
            'A walk by the lake.',
            '',
            '![The lake](/assets/lake.png)',
            '',
            '![Gone](/assets/gone.png)',
            '',
            '![Cut short](/assets/truncated.png)',
            '',
            '![Scrambled](/assets/scrambled.png)',
            '',
            '![A note, not a picture](/assets/note.jpg)',
            '',
            '![From the web](https://pictures.example/fine.png)',
            '',
            '![Not there](https://pictures.example/missing.png)',
            '',
            '![Broken on the web](https://pictures.example/corrupt.png)',
          ].join('\n'),
        ),
      ],
      ['assets/lake.png', PICTURE],
      ['assets/truncated.png', TRUNCATED],
      ['assets/scrambled.png', SCRAMBLED],
      ['assets/note.jpg', 'just some text'],
    ]);
    const { preview, result, written } = await run('pictures.zip', archive);
    const file = '_posts/2021-04-05-pictures.md';
    expect(result).toMatchObject({ articlesImported: 1, errors: [] });
    const expected = [
      'The picture "/assets/missing-cover.png" is not in the ZIP; imported without one',
      'The picture "/assets/gone.png" is not in the ZIP; left out',
      'The picture "/assets/truncated.png" could not be read (its image data is damaged); left out',
      'The picture "/assets/scrambled.png" could not be read (its image data is damaged); left out',
      'The picture "/assets/note.jpg" could not be read (it is not a PNG, JPEG, GIF or WebP image); left out',
      'the image https://pictures.example/missing.png was not fetched: the server answered 404; the picture was left out',
      'The picture "https://pictures.example/corrupt.png" could not be used (its image data is damaged); left out',
    ];
    expect(warningsOf(result, file)).toEqual(expected);
    // The preview said so, word for word, before anything was written.
    expect(previewOf(preview, file).warnings).toEqual(expect.arrayContaining(expected));
    const [article] = written;
    expect(article!.pictures!.map((p) => p.source)).toEqual(['assets/lake.png', 'https://pictures.example/fine.png']);
    const slots = JSON.stringify(article!.content).match(/"type":"import-picture"[^}]*/g)!;
    expect(slots.map((s) => /"picture":(\d+)/.exec(s)![1])).toEqual(['0', '1']);
    expect(article!.thumbnail).toBeNull();
  });

  it('sends a picture by the type its bytes say, whatever its name', async () => {
    const archive = await zip([
      ['post.md', md('title: Named wrong\ncategory: notes', '![A PNG called .jpg](photo.jpg)')],
      ['photo.jpg', PICTURE],
    ]);
    const { result, written } = await run('named-wrong.zip', archive);
    expect(result.errors).toEqual([]);
    expect(written[0]!.pictures![0]).toMatchObject({ name: 'photo.png', mimetype: 'image/png' });
  });

  it('names a picture the CMS could not store, and counts only those it kept', async () => {
    const archive = await zip([
      ['stored.md', md('title: Stored in part\ncategory: notes\ndate: 2021-01-01', '![One](one.png)\n\n![Two](two.png)')],
      ['one.png', PICTURE],
      ['two.png', PICTURE],
    ]);
    const sink = sinkOf((a) => [{ name: a.pictures![1]!.name, source: a.pictures![1]!.source, reason: 'the storage answered 503' }]);
    const { result } = await run('stored.zip', archive, sink);
    expect(result.articlesImported).toBe(1);
    expect(warningsOf(result, 'stored.md')).toEqual(['The picture "two.png" could not be stored (the storage answered 503); left out']);
    expect(result.kept!.picturesCopied).toBe(1);
  });
});

describe('fields over the CMS’s limits', () => {
  it('shortens an alt text over 300 characters at a word, with an ellipsis and a warning; a caption and a notice’s title too', async () => {
    const alt = `${'A very long description of a quiet lake at dawn, '.repeat(8)}with mist`;
    const title = `${'Before you begin, read this carefully '.repeat(4)}please`;
    const archive = await zip([
      ['long-alt.md', md('title: Long alt text\ncategory: notes\ndate: 2021-01-01', `![${alt}](lake.png "${alt}")\n\n{{% alert title="${title}" color="warning" %}}\nMind the step.\n{{% /alert %}}`)],
      ['lake.png', PICTURE],
    ]);
    const { preview, result, written } = await run('long-alt.zip', archive);
    expect(result).toMatchObject({ articlesImported: 1, errors: [] });
    const expected = [
      `The alt text of the picture "lake.png" is ${alt.length} characters long; it was shortened to 300`,
      `The caption of the picture "lake.png" is ${alt.length} characters long; it was shortened to 300`,
      `The title of a callout block is ${title.length} characters long; it was shortened to 120`,
    ];
    expect(warningsOf(result, 'long-alt.md')).toEqual(expected);
    expect(previewOf(preview, 'long-alt.md').warnings).toEqual(expect.arrayContaining(expected));
    const article = written[0]!;
    const slot = JSON.stringify(article.content);
    const shortAlt = article.pictures![0]!.alt;
    expect(shortAlt.length).toBeLessThanOrEqual(300);
    expect(shortAlt.endsWith('…')).toBe(true);
    // Cut between words: what is left is the text's own beginning, ending on a whole word.
    expect(alt.startsWith(shortAlt.slice(0, -1))).toBe(true);
    expect(alt[shortAlt.length - 1]).toBe(' ');
    // The body's use of the picture says the same (so the CMS keeps one alt text).
    expect(slot).toContain(JSON.stringify(shortAlt));
    expect(slot).not.toContain(alt);
  });
});

/** A WXR 1.2 export as Tools → Export writes it, with the given items. */
function wxr(items: string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">',
    '<channel>',
    '\t<title>Calm notes</title>',
    '\t<link>https://calm.example.org</link>',
    '\t<wp:wxr_version>1.2</wp:wxr_version>',
    '\t<wp:base_blog_url>https://calm.example.org</wp:base_blog_url>',
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n');
}

const item = (slug: string, over: { date?: string; status?: string; body?: string; broken?: string } = {}) =>
  [
    '\t<item>',
    `\t\t<title><![CDATA[Post ${slug}]]></title>`,
    `\t\t<link>https://calm.example.org/${slug}/</link>`,
    '\t\t<dc:creator><![CDATA[editor]]></dc:creator>',
    `\t\t<content:encoded><![CDATA[${over.body ?? `<p>The body of ${slug}.</p>`}]]></content:encoded>`,
    `\t\t<wp:post_id>${slug.length}</wp:post_id>`,
    `\t\t<wp:post_date><![CDATA[${over.date ?? '2022-05-06 09:10:11'}]]></wp:post_date>`,
    `\t\t<wp:post_date_gmt><![CDATA[${over.date ?? '2022-05-06 07:10:11'}]]></wp:post_date_gmt>`,
    `\t\t<wp:post_name><![CDATA[${slug}]]></wp:post_name>`,
    `\t\t<wp:status><![CDATA[${over.status ?? 'publish'}]]></wp:status>`,
    over.broken ?? '',
    '\t\t<wp:post_type><![CDATA[post]]></wp:post_type>',
    '\t\t<category domain="category" nicename="notes"><![CDATA[Notes]]></category>',
    '\t</item>',
  ].join('\n');

describe('a malformed WordPress export', () => {
  it('names every item it could not read, with its line and what is wrong, and imports the others', async () => {
    const xml = wxr([
      item('first'),
      // An element left open: the parser would otherwise read the next item into this one.
      item('unclosed', { broken: '\t\t<wp:comment_status><![CDATA[open]]>' }),
      item('third', { body: '<p>Tom &amp; Jerry, and a <code>&lt;item&gt;</code> in the text: <item> inside CDATA is text.</p>' }),
      item('mismatched', { broken: '\t\t<wp:ping_status>closed</wp:pingstatus>' }),
      item('last'),
    ]);
    const { preview, result } = await run('calm.xml', xml);
    expect(result.articles!.map((a) => a.file)).toEqual(['calm.xml › first', 'calm.xml › third', 'calm.xml › last']);
    const line = (text: string) => xml.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(result.errors).toEqual([
      { file: 'calm.xml › unclosed', message: expect.stringMatching(/^the item is not well-formed XML, so it could not be read \(line \d+: Expected closing tag 'wp:comment_status' .* instead of closing tag 'item'\.\)$/) },
      {
        file: 'calm.xml › mismatched',
        message: expect.stringMatching(new RegExp(`^the item is not well-formed XML, so it could not be read \\(line ${line('</wp:pingstatus>')}: Expected closing tag 'wp:ping_status' .* instead of closing tag 'wp:pingstatus'\\.\\)$`)),
      },
    ]);
    expect(result.message).toBe('Imported 3 of 5 articles. 2 could not be imported.');
    // The preview names the same two.
    expect(preview.preview.filter((i) => i.error).map((i) => [i.file, i.error])).toEqual(result.errors.map((e) => [e.file, e.message]));
  });

  it('is refused with the line and the element when what is wrong is outside the items', async () => {
    const xml = wxr([item('only')]).replace('\t<title>Calm notes</title>', '\t<title>Calm notes</titel>');
    const file = await uploaded('broken.xml', xml);
    const deps = { ...sinkOf(), fetchImage, convert: (input: Parameters<typeof convertFiles>[0]) => convertFiles(input) };
    await expect(importArticles(admin, file, { ...options, dryRun: true }, deps)).rejects.toThrow(
      `"broken.xml" is not a readable WordPress export: line 4, column 19: Expected closing tag 'title' (opened in line 4, col 2) instead of closing tag 'titel'.`,
    );
  });

  it('reads a bare ampersand as the character it is, as WordPress’s own importer does', async () => {
    const { result, written } = await run('ampersand.xml', wxr([item('tea')]).replace('<title><![CDATA[Post tea]]></title>', '<title>Tea & biscuits</title>'));
    expect(result.errors).toEqual([]);
    expect(written[0]!.title).toBe('Tea & biscuits');
  });
});

describe('an impossible date', () => {
  const NEEDS = ': the article needs a date, so it is imported unpublished';

  it('keeps the article as a draft that needs a date — Markdown front matter, WXR and Ghost alike — never dated today, never published', async () => {
    const ghost = {
      db: [
        {
          meta: { exported_on: 1700000000000, version: '5.74.0' },
          data: {
            posts: [
              { id: 'g1', title: 'Month thirteen', slug: 'month-thirteen', type: 'post', status: 'published', html: '<p>Thirteen.</p>', published_at: '2023-13-01T10:00:00.000Z', created_at: '2023-01-01T00:00:00.000Z' },
              { id: 'g2', title: 'A fine day', slug: 'fine-day', type: 'post', status: 'published', html: '<p>Fine.</p>', published_at: '2023-03-01T10:00:00.000Z' },
            ],
          },
        },
      ],
    };
    const archive = await zip([
      ['content/feb-30.md', md('title: The thirtieth of February\ncategory: notes\ndate: 2023-02-30', 'No such day.')],
      ['content/month-13.md', md('title: Month thirteen in Markdown\ncategory: notes\ndate: 2023-13-05 10:00:00 +0100', 'No such month.')],
      ['content/someday.md', md('title: Someday\ncategory: notes\ndate: someday soon', 'Unreadable.')],
      ['wordpress.xml', wxr([item('leap', { date: '2023-02-29 08:00:00' }), item('fine')])],
      ['ghost.json', JSON.stringify(ghost)],
    ]);
    const { preview, result, written } = await run('dates.zip', archive);
    expect(result.errors).toEqual([]);
    const byTitle = new Map(written.map((a) => [a.title, a]));
    for (const [file, title, problem] of [
      ['content/feb-30.md', 'The thirtieth of February', 'The date "2023-02-30" is not a day of the calendar'],
      ['content/month-13.md', 'Month thirteen in Markdown', 'The date "2023-13-05 10:00:00 +0100" is not a day of the calendar'],
      ['content/someday.md', 'Someday', 'The date "someday soon" could not be read'],
      ['wordpress.xml › leap', 'Post leap', 'The date "2023-02-29 08:00:00" is not a day of the calendar'],
      ['ghost.json › month-thirteen', 'Month thirteen', 'The date "2023-13-01T10:00:00.000Z" is not a day of the calendar'],
    ] as const) {
      const a = byTitle.get(title)!;
      expect([title, a.publishDate, a.published]).toEqual([title, null, false]);
      expect(warningsOf(result, file)).toContain(`${problem}${NEEDS}`);
      const item = previewOf(preview, file);
      expect([file, item.published, item.publishDate, item.needsDate]).toEqual([file, false, null, true]);
      expect(item.warnings).toContain(`${problem}${NEEDS}`);
    }
    expect(byTitle.get('Post fine')).toMatchObject({ publishDate: '2022-05-06T07:10:11.000Z', published: true });
    expect(byTitle.get('A fine day')).toMatchObject({ publishDate: '2023-03-01T10:00:00.000Z', published: true });
    expect(preview.message).toBe('7 articles would be imported (5 unpublished).');
  });
});

describe('the preview runs every check the import runs', () => {
  it('says of each file of one archive what the import then does: the same articles, the same refusals, every warning the report gives', async () => {
    const longTex = `${'x_{i} + '.repeat(3000)}y`;
    const archive = await zip([
      ['_config.yml', 'title: Mixed\nurl: https://mixed.example\n'],
      ['_posts/2020-01-02-broken-pictures.md', md('title: Broken pictures\ncategories: notes\nimage: /assets/cover.png', '![Fine](/assets/fine.png)\n\n![Missing](/assets/missing.png)\n\n![Scrambled](/assets/scrambled.png)\n\n![Web](https://pictures.example/corrupt.png)')],
      ['_posts/2020-01-03-long-alt.md', md('title: Long alt\ncategories: notes', `![${'word '.repeat(80)}](/assets/fine.png)`)],
      ['_posts/2020-01-04-bad-date.md', md('title: Bad date\ncategories: notes\ndate: 2020-02-31', 'When?')],
      ['_posts/2020-01-05-too-much-tex.md', md('title: Too much TeX\ncategories: notes', `$$\n${longTex}\n$$`)],
      ['_posts/2020-01-06-links.md', md('title: Links\ncategories: notes', 'See [the first post](/notes/2020/01/04/bad-date.html) and [an old page](/about/).')],
      ['assets/cover.png', TRUNCATED],
      ['assets/fine.png', PICTURE],
      ['assets/scrambled.png', SCRAMBLED],
      ['export.xml', wxr([item('kept'), item('unread', { broken: '<wp:menu_order>0</wp:menu_ordr>' }), item('feb', { date: '2021-02-29 00:00:00' })])],
    ]);
    const { preview, result } = await run('mixed.zip', archive);
    const refused = preview.preview.filter((i) => i.error).map((i) => ({ file: i.file, message: i.error }));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused).toEqual(expect.arrayContaining([{ file: '_posts/2020-01-05-too-much-tex.md', message: expect.stringMatching(/^the tex of a mathematics block holds [\d,]+ characters; it may hold at most 20,000$/) }]));
    // The same refusals, and the same articles written as previewed.
    expect(result.errors.sort((a, b) => a.file.localeCompare(b.file))).toEqual(refused.sort((a, b) => a.file.localeCompare(b.file)));
    const previewed = preview.preview.filter((i) => !i.error);
    expect(result.articles!.map((a) => a.file).sort()).toEqual(previewed.map((i) => i.file).sort());
    // Every warning the report gives was in the preview, for the same file.
    for (const i of previewed) expect([i.file, i.warnings]).toEqual([i.file, expect.arrayContaining(warningsOf(result, i.file))]);
    expect((result.warnings ?? []).length).toBeGreaterThan(6);
    // What the preview adds is only what the import does not report per article (a new category, a draft).
    for (const i of previewed) {
      const extra = i.warnings.filter((w) => !warningsOf(result, i.file).includes(w));
      for (const w of extra) expect(w).toMatch(/^(New category|A draft)/);
    }
    expect(result.kept!.picturesCopied).toBe(preview.kept!.picturesCopied);
  });
});
