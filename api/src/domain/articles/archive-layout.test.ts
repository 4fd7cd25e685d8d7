import { describe, expect, it } from 'vitest';
import { detectArchiveLayout } from './archive-layout.ts';

/** An archive's files (configuration files with their text, the others empty). */
const layoutOf = (files: Record<string, string>) => detectArchiveLayout({ names: Object.keys(files), text: (n) => files[n] });
const facts = (file: string, more: Partial<{ frontMatter: Record<string, unknown>; slug: string; title: string; publishDate: string; categories: string[] }> = {}) => ({
  file, frontMatter: {}, slug: 'x', title: 'X', categories: [], ...more,
});

describe('Jekyll', () => {
  const site = layoutOf({
    'blog-main/_config.yml': 'source: src\nurl: https://ada.example.org\nbaseurl: /blog\npermalink: /:year/:month/:title/\n',
    'blog-main/src/_posts/2020-01-02-hello.md': '',
    'blog-main/src/work/_posts/2020-02-03-shipping.md': '',
    'blog-main/src/_drafts/idea.md': '',
    'blog-main/src/about.md': '',
    'blog-main/src/_recipes/soup.md': '',
    'blog-main/README.md': '',
  });

  it('finds posts and drafts in every _posts and _drafts folder under its source, and skips the rest with a reason', () => {
    expect(site).toMatchObject({ root: 'blog-main/', generator: 'jekyll', site: 'https://ada.example.org', webRoots: ['blog-main/src/'] });
    expect(site.notAnArticle('blog-main/src/_posts/2020-01-02-hello.md')).toBeNull();
    expect(site.notAnArticle('blog-main/src/work/_posts/2020-02-03-shipping.md')).toBeNull();
    expect(site.notAnArticle('blog-main/src/_drafts/idea.md')).toBeNull();
    expect(site.notAnArticle('blog-main/src/about.md')).toBe('a page of the Jekyll site, not a post (posts are in _posts and _drafts)');
    expect(site.notAnArticle('blog-main/src/_recipes/soup.md')).toBe('in Jekyll’s _recipes folder, not a post (posts are in _posts and _drafts)');
    expect(site.notAnArticle('blog-main/README.md')).toBe('the repository’s notes (README, licence, changelog…), not an article');
    expect(site.pathCategories!('blog-main/src/work/_posts/2020-02-03-shipping.md')).toEqual(['work']);
  });

  it('gives each post the address its permalink pattern made, below the base URL; drafts had none', () => {
    expect(site.addresses(facts('blog-main/src/_posts/2020-01-02-hello.md', { publishDate: '2020-01-02T00:00:00.000Z' }))).toEqual(['/blog/2020/01/hello/']);
    expect(site.addresses(facts('blog-main/src/_posts/2020-01-02-hello.md', { frontMatter: { permalink: '/greetings.html' } }))).toEqual(['/blog/greetings.html']);
    expect(site.addresses(facts('blog-main/src/_drafts/idea.md'))).toEqual([]);
    const plain = layoutOf({ '_config.yml': 'title: x\n', '_posts/2021-03-14-welcome.md': '' });
    expect(plain.addresses(facts('_posts/2021-03-14-welcome.md', { publishDate: '2021-03-14T15:00:00.000Z', categories: ['Jekyll', 'Update'] }))).toEqual(['/jekyll/update/2021/03/14/welcome.html']);
  });
});

describe('Hugo', () => {
  const site = layoutOf({
    'hugo.toml': "baseURL = 'https://example.org/docs/'\ndefaultContentLanguage = 'en'\n[permalinks]\nposts = '/:year/:slug/'\n[languages.en]\nweight = 1\n[languages.fr]\nweight = 2\ncontentDir = 'content/fr'\n",
    'content/posts/first.md': '',
    'content/posts/first.de.md': '',
    'content/posts/bundle/index.md': '',
    'content/posts/bundle/cover.jpg': '',
    'content/posts/_index.md': '',
    'content/about.md': '',
    'content/guides/setup.md': '',
    'content/fr/posts/first.md': '',
    'content/fr/posts/only-in-french.md': '',
    'layouts/_default/single.html': '',
  });

  it('takes posts in the content folder’s sections and bundles, and skips lists, home pages and translations with a note', () => {
    expect(site).toMatchObject({ generator: 'hugo', site: 'https://example.org', webRoots: ['static/'] });
    expect(site.notAnArticle('content/posts/first.md')).toBeNull();
    expect(site.notAnArticle('content/posts/bundle/index.md')).toBeNull();
    expect(site.notAnArticle('content/guides/setup.md')).toBeNull();
    expect(site.notAnArticle('content/posts/_index.md')).toBe('a Hugo section list page, not an article');
    expect(site.notAnArticle('content/about.md')).toBe('a page of the Hugo site’s home section (about, search, archives…), not a post in a section');
    expect(site.notAnArticle('content/fr/posts/first.md')).toBe('a translation (fr) of content/posts/first.md: only the default language (en) is imported');
    expect(site.notAnArticle('content/fr/posts/only-in-french.md')).toBeNull();
    // "de" is no language of this site: a file name, not a translation.
    expect(site.notAnArticle('content/posts/first.de.md')).toBeNull();
    expect(site.notAnArticle('layouts/_default/single.html')).toBe('a template or asset of the site, not an article');
  });

  it('fills its permalinks per section, else /section/slug/, with url, aliases and the language folder', () => {
    expect(site.addresses(facts('content/posts/first.md', { title: 'First Post', publishDate: '2023-05-01T06:00:00.000Z' }))).toEqual(['/docs/2023/first-post/']);
    expect(site.addresses(facts('content/guides/setup.md', { frontMatter: { aliases: ['/old/setup/'] } }))).toEqual(['/docs/guides/setup/', '/old/setup/']);
    expect(site.addresses(facts('content/fr/posts/only-in-french.md', { title: 'Seul', publishDate: '2023-01-01T00:00:00.000Z' }))).toEqual(['/docs/fr/2023/seul/']);
    expect(site.addresses(facts('content/guides/setup.md', { frontMatter: { url: '/setup.html' } }))).toEqual(['/docs/setup.html']);
    expect(site.pageByFrontMatter!(facts('content/posts/first.md', { frontMatter: { headless: true } }))).toMatch(/headless/);
  });

  it('reads a split configuration (config/_default) and translations named post.fr.md', () => {
    const split = layoutOf({
      'config/_default/hugo.yaml': 'baseURL: https://x.example/\n',
      'config/_default/languages.yaml': 'en:\n  weight: 1\nfr:\n  weight: 2\n',
      'content/blog/a.md': '',
      'content/blog/a.fr.md': '',
    });
    expect(split.generator).toBe('hugo');
    expect(split.notAnArticle('content/blog/a.fr.md')).toBe('a translation (fr) of content/blog/a.md: only the default language (en) is imported');
  });
});

describe('Astro', () => {
  it('takes the entries where the content config’s loaders say, and gives them the route that renders them', () => {
    const site = layoutOf({
      'astro.config.ts': "export default defineConfig({ site: 'https://astro.example.com' })",
      'src/content.config.ts': "const post = defineCollection({ loader: glob({ pattern: ['*.md', '*.mdx'], base: 'src/data/post' }) });",
      'src/data/post/get-started.md': '',
      'src/pages/about.md': '',
      'src/pages/[...blog]/index.astro': '',
    });
    expect(site).toMatchObject({ generator: 'astro', site: 'https://astro.example.com', webRoots: ['public/'] });
    expect(site.notAnArticle('src/data/post/get-started.md')).toBeNull();
    expect(site.notAnArticle('src/pages/about.md')).toBe('a page of the Astro site, not an entry of a content collection');
    expect(site.addresses(facts('src/data/post/get-started.md'))).toEqual(['/get-started/']);
  });

  it('takes every folder of src/content as a collection without a config', () => {
    const site = layoutOf({ 'astro.config.mjs': '', 'src/content/blog/first-post.md': '', 'src/pages/blog/[...slug].astro': '' });
    expect(site.notAnArticle('src/content/blog/first-post.md')).toBeNull();
    expect(site.addresses(facts('src/content/blog/first-post.md'))).toEqual(['/blog/first-post/']);
  });
});

describe('Eleventy', () => {
  const site = layoutOf({
    'eleventy.config.js': 'export const config = { dir: { input: "content", includes: "../_includes", output: "_site" } };\neleventyConfig.addPassthroughCopy({ "./public/": "/" });',
    'content/blog/blog.11tydata.js': 'export default { tags: ["posts"], layout: "layouts/post.njk" };',
    'content/blog/firstpost.md': '',
    'content/blog/fifthpost/index.md': '',
    'content/about/index.md': '',
    'content/404.md': '',
    'content/index.md': '',
    'content/notes.md': '',
    '_includes/layouts/base.njk': '',
    'README.md': '',
  });

  it('takes files its data tags as posts, and skips home, about, 404, README and files outside its input folder', () => {
    expect(site).toMatchObject({ generator: 'eleventy', webRoots: ['content/', 'public/', ''] });
    expect(site.notAnArticle('content/blog/firstpost.md')).toBeNull();
    expect(site.notAnArticle('content/blog/fifthpost/index.md')).toBeNull();
    expect(site.notAnArticle('content/about/index.md')).toBe('a page of the Eleventy site (home, about, tags, feed…), not a post');
    expect(site.notAnArticle('content/index.md')).toBe('a page of the Eleventy site (home, about, tags, feed…), not a post');
    expect(site.notAnArticle('content/404.md')).toBe('the site’s “page not found” page, not an article');
    expect(site.notAnArticle('README.md')).toBe('the repository’s notes (README, licence, changelog…), not an article');
    expect(site.notAnArticle('_includes/layouts/base.njk')).toBe('a template or asset of the site, not an article');
    // Not in a post folder: a post only if its own tags say so.
    expect(site.notAnArticle('content/notes.md')).toBeNull();
    expect(site.pageByFrontMatter!(facts('content/notes.md'))).toBe('a page of the Eleventy site (not tagged as a post), not a post');
    expect(site.pageByFrontMatter!(facts('content/notes.md', { frontMatter: { tags: ['posts', 'misc'] } }))).toBeNull();
    expect(site.addresses(facts('content/blog/fifthpost/index.md'))).toEqual(['/blog/fifthpost/']);
    expect(site.collectionTags).toContain('posts');
  });
});

describe('a plain folder of articles', () => {
  it('takes every Markdown and HTML file but templates, repository notes and 404 pages', () => {
    const site = layoutOf({ 'articles/one.md': '', 'articles/two.html': '', 'LICENSE.md': '', '404.html': '', 'partials/x.html': '' });
    expect(site.generator).toBeNull();
    expect(['articles/one.md', 'articles/two.html', 'LICENSE.md', '404.html', 'partials/x.html'].map((n) => site.notAnArticle(n) === null)).toEqual([true, true, false, false, false]);
  });
});
