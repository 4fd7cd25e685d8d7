import { articles, hydrated, signIn, toasts, withConsent, zipOf } from './fixtures';
import { expect, test } from './test';

// Issue 49 #3: an Astro blog and an Eleventy blog (with Jekyll's `_posts/`) imported as their
// repositories are; their old links answer 301 on the site, and 410 with a page saying the
// article was removed once it is deleted.
// Opening the removed article's old link: the browser itself logs the 410.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 410/] });

test('old links of an imported Astro blog and Eleventy blog lead to their articles, and say “removed” once deleted', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  await withConsent(page);
  await signIn(page.request, 'Admin', 'Admin-demo-pass');
  const stamp = Date.now();
  const astroTitle = `Astro old link ${stamp}`;
  const eleventyTitle = `Eleventy old link ${stamp}`;
  const post = (title: string) => `---\ntitle: ${title}\ncategory: time-management\npubDate: 'Jul 08 2022'\n---\nA post from the old site.\n`;
  const sites = [
    {
      title: astroTitle,
      old: `/writing/blog/astro-${stamp}/`,
      files: {
        'astro.config.mjs': "export default defineConfig({ site: 'https://example.com', base: '/writing' });\n",
        'src/content.config.ts': "const blog = defineCollection({ loader: glob({ base: './src/content/blog', pattern: '**/*.{md,mdx}' }) });\nexport const collections = { blog };\n",
        [`src/content/blog/astro-${stamp}.md`]: post(astroTitle),
        'src/pages/blog/[...slug].astro': "---\nexport async function getStaticPaths() {\n\tconst posts = await getCollection('blog');\n\treturn posts.map((post) => ({ params: { slug: post.id }, props: post }));\n}\n---\n",
        'src/pages/tags/[tag].astro': "---\nconst posts = await getCollection('blog');\nreturn [...new Set(posts.flatMap((p) => p.data.tags))].map((tag) => ({ params: { tag } }));\n---\n",
      },
    },
    {
      title: eleventyTitle,
      old: `/blog/eleventy-${stamp}/`,
      files: {
        '.eleventy.js': 'module.exports = function () { return { dir: { input: ".", output: "_site" } }; };\n',
        '_posts/_posts.json': '{ "tags": "posts", "permalink": "/blog/{{ page.fileSlug }}/" }',
        [`_posts/2022-07-08-eleventy-${stamp}.md`]: post(eleventyTitle),
      },
    },
  ];
  for (const site of sites) {
    const res = await page.request.post('/api/admin/articles/upload', {
      headers: { origin: new URL(baseURL!).origin },
      multipart: { file: { name: 'site.zip', mimeType: 'application/zip', buffer: await zipOf(site.files) } },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(await res.json()).toMatchObject({ articlesImported: 1 });
  }

  const ids: Record<string, number> = {};
  for (const site of sites) {
    await expect.poll(async () => (ids[site.title] = (await articles(page.request)).find((a) => a.title === site.title)?.id ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
  }
  for (const site of sites) {
    await expect.poll(async () => (await page.request.get(site.old, { maxRedirects: 0 })).status(), { timeout: 120_000, intervals: [1000] }).toBe(301);
    expect((await page.request.get(site.old, { maxRedirects: 0 })).headers().location).toBe(`/articles/${ids[site.title]}`);
  }

  await page.goto('/admin');
  await hydrated(page, 'Upload Articles');
  for (const site of sites) {
    await page.getByRole('button', { name: `Delete ${site.title}` }).click();
    await page.getByRole('dialog', { name: 'Delete this article?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toasts(page).getByText('Article deleted').first()).toBeVisible();
  }
  for (const site of sites) {
    await expect.poll(async () => (await page.request.get(site.old, { maxRedirects: 0 })).status(), { timeout: 120_000, intervals: [1000] }).toBe(410);
  }
  const gone = await page.goto(sites[0]!.old);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Removed');
  await expect(page.getByText('has been removed')).toBeVisible();
});
