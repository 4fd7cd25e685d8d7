import { mkdir } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import { articles, hydrated, signIn, toasts, withConsent, zipOf } from './fixtures';
import { expect, test } from './test';

/** A real 160×90 PNG of one colour, as Ghost keeps pictures under content/images. */
function picture([r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(data.length + 12);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), data.length + 8);
    return out;
  };
  const [w, h] = [160, 90];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.from([0, ...Array.from({ length: w }, () => [r, g, b]).flat()]);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: h }, () => row)))), chunk('IEND', Buffer.alloc(0))]);
}

/** A Ghost 5 export as Settings → Labs → Export writes it: two published posts (one for paid members) and a draft. */
function ghostExport(stamp: number) {
  const post = (id: string, over: Record<string, unknown>) => ({ id, uuid: `${id}-uuid`, type: 'post', status: 'published', visibility: 'public', mobiledoc: null, lexical: null, created_at: '2023-01-01T00:00:00.000Z', updated_at: '2023-01-01T00:00:00.000Z', custom_excerpt: null, ...over });
  return {
    db: [{
      meta: { exported_on: 1700000000000, version: '5.74.0' },
      data: {
        posts: [
          post('g1', { title: `Slow mornings ${stamp}`, slug: `slow-mornings-${stamp}`, html: '<p>Begin the day <em>slowly</em>.</p>', custom_excerpt: 'A calmer start.', feature_image: '__GHOST_URL__/content/images/2023/03/slow.png', published_at: '2023-03-01T07:30:00.000Z' }),
          post('g2', { title: `The paid deep dive ${stamp}`, slug: `paid-deep-dive-${stamp}`, html: '<p>For paying members.</p>', visibility: 'paid', feature_image: '__GHOST_URL__/content/images/2023/04/deep.png', published_at: '2023-04-12T18:00:00.000Z' }),
          post('g3', { title: `Unfinished thoughts ${stamp}`, slug: `unfinished-${stamp}`, html: '<p>Draft.</p>', status: 'draft', published_at: null }),
        ],
        tags: [{ id: 't1', name: 'Time Management', slug: 'time-management' }],
        posts_tags: [{ id: 'pt1', post_id: 'g1', tag_id: 't1', sort_order: 0 }, { id: 'pt2', post_id: 'g2', tag_id: 't1', sort_order: 0 }],
        users: [{ id: 'u1', name: 'Grace Writer', slug: 'grace' }],
        posts_authors: [{ id: 'pa1', post_id: 'g1', author_id: 'u1', sort_order: 0 }, { id: 'pa2', post_id: 'g2', author_id: 'u1', sort_order: 0 }],
      },
    }],
  };
}

test('an admin uploads a Ghost export, checks the preview, confirms, and finds the posts on the site with their dates and pictures', async ({ page }) => {
  test.setTimeout(180_000);
  await mkdir('.data/screenshots', { recursive: true });
  await withConsent(page);
  await signIn(page.request, 'Admin', 'Admin-demo-pass');
  await page.goto('/admin');
  await hydrated(page, 'Upload Articles');
  const stamp = Date.now();
  const zip = await zipOf({
    'ghost-export.json': JSON.stringify(ghostExport(stamp)),
    'content/images/2023/03/slow.png': picture([79, 70, 229]),
    'content/images/2023/04/deep.png': picture([245, 158, 11]),
    'content/themes/casper/default.hbs': '<html>{{body}}</html>',
  });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('section[aria-labelledby="upload-title"]').screenshot({ path: `.data/screenshots/article-import-upload-${width}.png` });
  }
  await page.getByLabel('ZIP file').setInputFiles({ name: 'ghost-site.zip', mimeType: 'application/zip', buffer: zip });
  // Nothing is preselected: the draft declares no category, so the admin chooses one for it.
  await expect(page.getByLabel('Category for articles that name none')).toHaveValue('');
  await page.getByLabel('Category for articles that name none').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('3 articles would be imported (1 unpublished). Nothing has been written yet.')).toBeVisible();
  const row = (title: string) => preview.getByRole('list', { name: 'Articles in this upload' }).getByRole('listitem').filter({ hasText: title }).first();
  const slow = row(`Slow mornings ${stamp}`);
  await expect(slow).toContainText('time-management');
  await expect(slow).toContainText('Mar 1, 2023');
  await expect(row(`The paid deep dive ${stamp}`)).toContainText('Membership: Pro');
  await expect(row(`Unfinished thoughts ${stamp}`)).toContainText('No (draft)');
  await expect(preview.getByText('1 skipped')).toBeVisible();
  expect((await articles(page.request)).some((a) => a.title.endsWith(String(stamp)))).toBe(false);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('section[aria-labelledby="upload-title"]').screenshot({ path: `.data/screenshots/article-import-preview-${width}.png` });
  }

  await preview.getByRole('button', { name: 'Import 3 articles' }).click();
  await expect(toasts(page).getByText('Upload successful')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 3 of 3 articles.' })).toBeVisible();

  let slowId = 0;
  await expect.poll(async () => (slowId = (await articles(page.request)).find((a) => a.title === `Slow mornings ${stamp}`)?.id ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
  const listed = await articles(page.request);
  expect(listed.some((a) => a.title === `Unfinished thoughts ${stamp}`)).toBe(false);
  const paid = listed.find((a) => a.title === `The paid deep dive ${stamp}`)!;
  expect(paid.membershipRequired).toBe('pro');

  await expect.poll(async () => (await page.request.get(`/articles/${slowId}`)).status(), { timeout: 90_000, intervals: [1000] }).toBe(200);
  await page.goto(`/articles/${slowId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Slow mornings ${stamp}`);
  await expect(page.locator('main time').first()).toHaveText('March 1, 2023');
  await expect(page.getByText('By Grace Writer')).toBeVisible();
  const cover = page.locator('main img[fetchpriority="high"]');
  await expect(cover).toHaveAttribute('src', /^\/media\//);
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
  await expect(page.locator('[data-article-body]')).toContainText('Begin the day slowly.');

  // The same export again: nothing is duplicated.
  await page.goto('/admin');
  await hydrated(page, 'Upload Articles');
  await page.getByLabel('ZIP file').setInputFiles({ name: 'ghost-site.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('0 articles would be imported. 3 articles already on the site would be skipped.', { exact: false })).toBeVisible();
});

test('an admin imports a Jekyll site with pictures and code, opens the article, and its old links lead there', async ({ page }) => {
  test.setTimeout(180_000);
  await withConsent(page);
  await signIn(page.request, 'Admin', 'Admin-demo-pass');
  const stamp = Date.now();
  const slug = `code-and-pictures-${stamp}`;
  const zip = await zipOf({
    // The repository as it is: the configuration names the old site; posts use the default permalink.
    'blog/_config.yml': 'title: Old blog\nurl: https://old-blog.example\n',
    [`blog/_posts/2019-03-04-${slug}.md`]: [
      '---',
      `title: Code and pictures ${stamp}`,
      'categories: habits',
      'tags: [focus, tools]',
      'redirect_from: /short-link-' + stamp + '/',
      '---',
      'A morning routine, in code:',
      '',
      '```python',
      'def morning():',
      '    return "{{ not liquid }}"',
      '```',
      '',
      '| Step | Minutes |',
      '| ---- | ------- |',
      '| Stretch | 5 |',
      '',
      '![The lake at dawn](/assets/lake.png "Dawn at the lake")',
    ].join('\n'),
    'blog/assets/lake.png': picture([14, 116, 144]),
  });
  await page.goto('/admin');
  await hydrated(page, 'Upload Articles');
  await page.getByLabel('ZIP file').setInputFiles({ name: 'jekyll-blog.zip', mimeType: 'application/zip', buffer: zip });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('1 article would be imported. Nothing has been written yet.')).toBeVisible();
  await preview.getByRole('button', { name: 'Import 1 article' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported 1 of 1 article.' })).toBeVisible();

  let id = 0;
  await expect.poll(async () => (id = (await articles(page.request)).find((a) => a.title === `Code and pictures ${stamp}`)?.id ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
  // Admin → Articles lists where the article used to be.
  await page.reload();
  await hydrated(page, 'Upload Articles');
  const row = page.getByRole('row').filter({ hasText: `Code and pictures ${stamp}` });
  await row.getByText('2 old addresses').click();
  await expect(row.getByText(`/habits/2019/03/04/${slug}`, { exact: true })).toBeVisible();
  await expect(row.getByText(`/short-link-${stamp}`, { exact: true })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await row.screenshot({ path: `.data/screenshots/admin-articles-old-addresses-${width}.png` });
  }

  await expect.poll(async () => (await page.request.get(`/articles/${id}`)).status(), { timeout: 90_000, intervals: [1000] }).toBe(200);
  await page.goto(`/articles/${id}`);
  const body = page.locator('[data-article-body]');
  // The code block keeps its language and its Liquid-looking text, highlighted when it was saved.
  const code = body.locator('pre code.language-python');
  await expect(code).toContainText('return "{{ not liquid }}"');
  expect(await code.locator('span[class^="hl-"]').count()).toBeGreaterThan(2);
  await expect(body.getByRole('table')).toContainText('Stretch');
  const figure = body.locator('figure').filter({ has: page.locator('img') });
  await expect(figure.locator('figcaption')).toHaveText('Dawn at the lake');
  await expect(figure.getByRole('img', { name: 'The lake at dawn' })).toHaveAttribute('src', /^\/media\//);

  // The old site's links: the default permalink (with and without .html) and the post's own alias.
  for (const old of [`/habits/2019/03/04/${slug}.html`, `/habits/2019/03/04/${slug}/`, `/short-link-${stamp}/`]) {
    const res = await page.request.get(old, { maxRedirects: 0 });
    expect([old, res.status(), res.headers().location]).toEqual([old, 301, `/articles/${id}`]);
  }
  await page.goto(`/habits/2019/03/04/${slug}.html`);
  await expect(page).toHaveURL(new RegExp(`/articles/${id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Code and pictures ${stamp}`);
  expect((await page.request.get(`/habits/2019/03/04/not-${slug}.html`, { maxRedirects: 0 })).status()).toBe(404);
});
