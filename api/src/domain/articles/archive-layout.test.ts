import { describe, expect, it } from 'vitest';
import { detectArchiveLayout } from './archive-layout.ts';

/** An archive's files (configuration files with their text, the others empty). */
const layoutOf = (files: Record<string, string>) => detectArchiveLayout({ names: Object.keys(files), text: (n) => files[n] });
/** The addresses a layout gives a file (and, with `warnings`, what it could not work out). */
const addressesOf = (site: ReturnType<typeof layoutOf>, f: ReturnType<typeof facts>, warnings: string[] = []) => site.addresses(f, (w) => warnings.push(w));
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
    expect(addressesOf(site, facts('blog-main/src/_posts/2020-01-02-hello.md', { publishDate: '2020-01-02T00:00:00.000Z' }))).toEqual(['/blog/2020/01/hello/']);
    expect(addressesOf(site, facts('blog-main/src/_posts/2020-01-02-hello.md', { frontMatter: { permalink: '/greetings.html' } }))).toEqual(['/blog/greetings.html']);
    expect(addressesOf(site, facts('blog-main/src/_drafts/idea.md'))).toEqual([]);
    const plain = layoutOf({ '_config.yml': 'title: x\n', '_posts/2021-03-14-welcome.md': '' });
    expect(addressesOf(plain, facts('_posts/2021-03-14-welcome.md', { publishDate: '2021-03-14T15:00:00.000Z', categories: ['Jekyll', 'Update'] }))).toEqual(['/jekyll/update/2021/03/14/welcome.html']);
  });

  it('takes the permalink of the most specific front matter default whose scope holds the post, and fills every placeholder', () => {
    const scoped = layoutOf({
      '_config.yml': [
        'permalink: /:year/:title/',
        'defaults:',
        '  - scope: { path: "" }',
        '    values: { layout: default }',
        '  - scope: { path: "", type: posts }',
        '    values: { permalink: "/:short_year/:i_month/:i_day/:slug:output_ext" }',
        '  - scope: { path: "notes" }',
        '    values: { permalink: "/notes/:slugified_categories/:y_day-:title/" }',
        '  - scope: { path: "talks/*", type: posts }',
        '    values: { permalink: "/talks/:categories/:long_month/:short_day/:name" }',
      ].join('\n'),
      '_posts/2021-03-04-Hello-World.md': '',
      'notes/_posts/2021-03-04-a-note.md': '',
      'talks/2021/_posts/2021-03-04-keynote.md': '',
    });
    const warnings: string[] = [];
    const hello = facts('_posts/2021-03-04-Hello-World.md', { frontMatter: { date: '2021-03-04 23:30:00 -0800' }, publishDate: '2021-03-05T07:30:00.000Z' });
    expect(addressesOf(scoped, hello, warnings)).toEqual(['/21/3/4/hello-world.html']);
    expect(addressesOf(scoped, facts('notes/_posts/2021-03-04-a-note.md', { categories: ['notes', 'Big Ideas'] }))).toEqual(['/notes/notes/big-ideas/063-a-note/']);
    expect(addressesOf(scoped, facts('talks/2021/_posts/2021-03-04-keynote.md', { categories: ['talks', 'Big Ideas'] }))).toEqual(['/talks/talks/big%20ideas/March/Thu/2021-03-04-keynote']);
    // The post's own permalink wins over every default.
    expect(addressesOf(scoped, facts('_posts/2021-03-04-Hello-World.md', { frontMatter: { permalink: '/:year/:week/:title.html' } }))).toEqual(['/2021/09/Hello-World.html']);
    expect(warnings).toEqual([]);
  });

  it('warns, naming the address, when a permalink has a placeholder it cannot fill or is a Liquid template', () => {
    const odd = layoutOf({ '_config.yml': 'permalink: /:year/:lang/:title/\n', '_posts/2020-05-06-hi.md': '' });
    const warnings: string[] = [];
    expect(addressesOf(odd, facts('_posts/2020-05-06-hi.md'), warnings)).toEqual([]);
    expect(addressesOf(odd, facts('_posts/2020-05-06-hi.md', { frontMatter: { permalink: '/{{ page.lang }}/hi/' } }), warnings)).toEqual([]);
    expect(warnings).toEqual([
      'The old site’s address /2020/:lang/hi/ cannot be worked out (the permalink /:year/:lang/:title/ has :lang, which the importer cannot fill in): links to it will not redirect',
      'The old site’s address /{{ page.lang }}/hi/ cannot be worked out (the permalink /{{ page.lang }}/hi/ is a Liquid template): links to it will not redirect',
    ]);
  });

  it('uses the posts collection’s permalink, and leaves an Eleventy site with _posts to Eleventy', () => {
    const collection = layoutOf({ '_config.yml': 'permalink: pretty\ncollections:\n  posts:\n    permalink: /blog/:year/:title/\n', '_posts/2020-05-06-hi.md': '' });
    expect(addressesOf(collection, facts('_posts/2020-05-06-hi.md'))).toEqual(['/blog/2020/hi/']);
    expect(layoutOf({ 'eleventy.config.js': '', '_posts/2020-05-06-hi.md': '' }).generator).toBe('eleventy');
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
    expect(addressesOf(site, facts('content/posts/first.md', { title: 'First Post', publishDate: '2023-05-01T06:00:00.000Z' }))).toEqual(['/docs/2023/first-post/']);
    expect(addressesOf(site, facts('content/guides/setup.md', { frontMatter: { aliases: ['/old/setup/'] } }))).toEqual(['/docs/guides/setup/', '/old/setup/']);
    expect(addressesOf(site, facts('content/fr/posts/only-in-french.md', { title: 'Seul', publishDate: '2023-01-01T00:00:00.000Z' }))).toEqual(['/docs/fr/2023/seul/']);
    expect(addressesOf(site, facts('content/guides/setup.md', { frontMatter: { url: '/setup.html' } }))).toEqual(['/docs/setup.html']);
    expect(site.pageByFrontMatter!(facts('content/posts/first.md', { frontMatter: { headless: true } }))).toMatch(/headless/);
  });

  it('fills every token of its permalinks, from the date as written, and warns of one it does not know', () => {
    const site = layoutOf({
      'hugo.yaml': "permalinks:\n  page:\n    posts: /:year/:monthname/:contentbasename/\n    docs: /:sections[1:]/:slug/\n    notes: /:2006/:01/:02/:title/\n    odd: /:lang/:slug/\n",
      'content/posts/trip/index.md': '',
      'content/docs/guides/setup.md': '',
      'content/notes/hello.md': '',
      'content/odd/x.md': '',
    });
    const warnings: string[] = [];
    expect(addressesOf(site, facts('content/posts/trip/index.md', { frontMatter: { date: '2023-02-01T23:00:00-05:00' } }), warnings)).toEqual(['/2023/february/trip/']);
    expect(addressesOf(site, facts('content/docs/guides/setup.md', { title: 'Set Up', frontMatter: { slug: 'Set-Up-Guide' } }), warnings)).toEqual(['/guides/set-up-guide/']);
    expect(addressesOf(site, facts('content/notes/hello.md', { title: 'Héllo, World!', publishDate: '2024-07-09T10:00:00.000Z' }), warnings)).toEqual(['/2024/07/09/héllo-world/']);
    expect(warnings).toEqual([]);
    expect(addressesOf(site, facts('content/odd/x.md', { title: 'X', frontMatter: { aliases: ['/x-old/'] } }), warnings)).toEqual(['/x-old/']);
    expect(warnings).toEqual(['The old site’s address /:lang/x/ cannot be worked out (the permalink /:lang/:slug/ has :lang, which the importer cannot fill in): links to it will not redirect']);
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
    expect(addressesOf(site, facts('src/data/post/get-started.md'))).toEqual(['/get-started/']);
  });

  it('finds the route that renders each collection by its text: the blog template’s [...slug] with post.id, not the tag or pagination routes', () => {
    const route = (collection: string, param: string) =>
      `---\nimport { getCollection } from 'astro:content';\nexport async function getStaticPaths() {\n  const posts = await getCollection('${collection}');\n  return posts.map((post) => ({\n    params: { slug: ${param} },\n    props: post,\n  }));\n}\n---\n`;
    const site = layoutOf({
      'astro.config.mjs': "export default defineConfig({ site: 'https://example.com', base: '/writing', integrations: [mdx()] });",
      'src/content.config.ts': "const blog = defineCollection({\n  loader: glob({ base: './src/content/blog', pattern: '**/*.{md,mdx}' }),\n});\nconst notes = defineCollection({ loader: glob({ base: './src/notes', pattern: '*.md' }) });\nexport const collections = { blog, journal: notes };",
      'src/content/blog/first-post.md': '',
      'src/content/blog/Deep Dive/Part 1.md': '',
      'src/notes/hello.md': '',
      'src/pages/tags/[tag].astro': "---\nconst posts = await getCollection('blog');\nconst tags = [...new Set(posts.flatMap((p) => p.data.tags))];\nreturn tags.map((tag) => ({ params: { tag } }));\n---",
      'src/pages/page/[...page].astro': "---\nexport async function getStaticPaths({ paginate }) {\n  return paginate(await getCollection('blog'), { pageSize: 10 });\n}\n---",
      'src/pages/blog/[...slug].astro': route('blog', 'post.id'),
      'src/pages/journal/[slug]/index.astro': route('journal', 'post.data.slug'),
    });
    const warnings: string[] = [];
    expect(addressesOf(site, facts('src/content/blog/first-post.md'), warnings)).toEqual(['/writing/blog/first-post/']);
    expect(addressesOf(site, facts('src/content/blog/Deep Dive/Part 1.md'), warnings)).toEqual(['/writing/blog/deep-dive/part-1/']);
    expect(addressesOf(site, facts('src/content/blog/first-post.md', { frontMatter: { slug: 'hello/there' } }), warnings)).toEqual(['/writing/blog/hello/there/']);
    expect(addressesOf(site, facts('src/notes/hello.md', { frontMatter: { slug: 'hi' } }), warnings)).toEqual(['/writing/journal/hi/']);
    expect(warnings).toEqual([]);
    // The route takes data.slug, which this entry does not set: its address cannot be known.
    expect(addressesOf(site, facts('src/notes/hello.md'), warnings)).toEqual([]);
    expect(warnings).toEqual(['The old site’s address /writing/journal/<data.slug>/ cannot be worked out (the route src/pages/journal/[slug]/index.astro takes the entry’s data.slug, which src/notes/hello.md does not set): links to it will not redirect']);
  });

  it('gives Astro 4’s collections their ids as file paths, and warns of a route that computes its param', () => {
    const site = layoutOf({
      'package.json': '{ "dependencies": { "astro": "^4.16.0" } }',
      'astro.config.mjs': '',
      'src/content/config.ts': "const posts = defineCollection({ type: 'content' });\nexport const collections = { posts };",
      'src/content/posts/hello.md': '',
      'src/pages/posts/[slug].astro': "---\nconst entries = await getCollection('posts');\nreturn entries.map((entry) => ({ params: { slug: entry.slug } }));\n---",
      'src/pages/p/[...id].astro': "---\nconst entries = await getCollection('posts');\nreturn entries.map((entry) => ({ params: { id: entry.id } }));\n---",
      'src/pages/x/[...slug].astro': "---\nconst all = await getCollection('posts');\nreturn all.map((e) => ({ params: { slug: shortPath(e.id) } }));\n---",
    });
    const warnings: string[] = [];
    expect(addressesOf(site, facts('src/content/posts/hello.md'), warnings)).toEqual(['/posts/hello/', '/p/hello.md/', '/x/hello/']);
    expect(warnings).toEqual(['The old site’s address /x/hello/ cannot be worked out (the route src/pages/x/[...slug].astro makes its address with shortPath(e.id); the importer assumed the entry’s id): links to it will not redirect']);
  });

  it('assumes /<collection>/<id>/ for a collection no route renders, with a warning, and without one when the archive has no routes at all', () => {
    const files = {
      'astro.config.mjs': '',
      'src/content.config.ts': "const blog = defineCollection({ loader: glob({ base: './src/blog' }) });\nconst notes = defineCollection({ loader: glob({ base: './src/notes' }) });\nexport const collections = { blog, notes };",
      'src/blog/a.md': '',
      'src/notes/Quick Note.md': '',
    };
    const warnings: string[] = [];
    const routed = layoutOf({ ...files, 'src/pages/blog/[slug].astro': "---\nconst posts = await getCollection('blog');\nreturn posts.map((p) => ({ params: { slug: p.id } }));\n---" });
    expect(addressesOf(routed, facts('src/blog/a.md'), warnings)).toEqual(['/blog/a/']);
    expect(addressesOf(routed, facts('src/notes/Quick Note.md'), warnings)).toEqual(['/notes/quick-note/']);
    expect(warnings).toEqual(['The old site’s address /notes/quick-note/ cannot be worked out (no page route of the Astro site renders the collection “notes”; the importer assumed /notes/<id>/): links to it will not redirect']);
    expect(addressesOf(layoutOf(files), facts('src/notes/Quick Note.md'), warnings)).toEqual(['/notes/quick-note/']);
    expect(warnings).toHaveLength(1);
  });

  it('reads a loader’s base written with a constant of the content config', () => {
    const site = layoutOf({
      'astro.config.ts': '',
      'src/content.config.ts': 'export const BLOG_PATH = "src/data/blog";\nconst blog = defineCollection({ loader: glob({ pattern: "**/[^_]*.md", base: `./${BLOG_PATH}` }) });\nexport const collections = { blog };',
      'src/data/blog/adding-posts.md': '',
      'src/pages/posts/[...slug]/index.astro': "---\nconst posts = await getCollection('blog');\nreturn posts.map((post) => ({ params: { slug: post.id }, props: { post } }));\n---",
    });
    expect(site.notAnArticle('src/data/blog/adding-posts.md')).toBeNull();
    expect(addressesOf(site, facts('src/data/blog/adding-posts.md'))).toEqual(['/posts/adding-posts/']);
  });

  it('takes every folder of src/content as a collection without a config', () => {
    const site = layoutOf({ 'astro.config.mjs': '', 'src/content/blog/first-post.md': '', 'src/pages/blog/[...slug].astro': '' });
    expect(site.notAnArticle('src/content/blog/first-post.md')).toBeNull();
    expect(addressesOf(site, facts('src/content/blog/first-post.md'))).toEqual(['/blog/first-post/']);
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
    expect(addressesOf(site, facts('content/blog/fifthpost/index.md'))).toEqual(['/blog/fifthpost/']);
    expect(site.collectionTags).toContain('posts');
  });
  it('takes a permalink from the front matter, the template’s and its folders’ data files (read, never run) and eleventyComputed, nearest first', () => {
    const blog = layoutOf({
      'eleventy.config.js': 'export default function (eleventyConfig) {}\nexport const config = { pathPrefix: "/blog/" };',
      '_posts/_posts.json': '{ "tags": "posts", "permalink": "/articles/{{ page.fileSlug }}/" }',
      '_posts/2020-01-02-hello.md': '',
      '_posts/2020-01-03-own.md': '',
      '_posts/2020-01-04-dated.md': '',
      '_posts/2020-01-04-dated.11tydata.json': '{ "eleventyComputed": { "permalink": "/{{ page.date | date: \'%Y/%m\' }}/{{ title | slugify }}/" } }',
      'notes/notes.11tydata.js': 'module.exports = {\n  tags: ["posts"],\n  eleventyComputed: {\n    permalink: (data) => `/n/${data.page.fileSlug}/`,\n  },\n};',
      'notes/one.md': '',
      'drafts/drafts.11tydata.cjs': 'module.exports = { permalink: false };',
      'drafts/x.md': '',
    });
    expect(blog.generator).toBe('eleventy');
    expect(blog.notAnArticle('_posts/2020-01-02-hello.md')).toBeNull();
    const warnings: string[] = [];
    expect(addressesOf(blog, facts('_posts/2020-01-02-hello.md'), warnings)).toEqual(['/blog/articles/hello/']);
    expect(addressesOf(blog, facts('_posts/2020-01-03-own.md', { frontMatter: { permalink: 'own/{{ page.filePathStem }}.html' } }), warnings)).toEqual(['/blog/own/_posts/2020-01-03-own.html']);
    expect(addressesOf(blog, facts('_posts/2020-01-04-dated.md', { title: 'A Dated Post' }), warnings)).toEqual(['/blog/2020/01/a-dated-post/']);
    expect(addressesOf(blog, facts('drafts/x.md'), warnings)).toEqual([]);
    expect(blog.pageByFrontMatter!(facts('drafts/x.md'))).toBe('not published by the Eleventy site (permalink: false)');
    expect(warnings).toEqual([]);
    expect(addressesOf(blog, facts('notes/one.md'), warnings)).toEqual([]);
    expect(addressesOf(blog, facts('_posts/2020-01-02-hello.md', { frontMatter: { permalink: '/{{ title | myFilter }}/' } }), warnings)).toEqual([]);
    expect(warnings).toEqual([
      'The old site’s address for notes/one.md cannot be worked out (its Eleventy permalink is computed in JavaScript: (data) => `/n/${data.page.fileSlug}/`): links to it will not redirect',
      'The old site’s address /blog/{{ title | myFilter }}/ cannot be worked out (its Eleventy permalink uses template tags or filters the importer does not read): links to it will not redirect',
    ]);
  });
});

describe('a plain folder of articles', () => {
  it('takes every Markdown and HTML file but templates, repository notes and 404 pages', () => {
    const site = layoutOf({ 'articles/one.md': '', 'articles/two.html': '', 'LICENSE.md': '', '404.html': '', 'partials/x.html': '' });
    expect(site.generator).toBeNull();
    expect(['articles/one.md', 'articles/two.html', 'LICENSE.md', '404.html', 'partials/x.html'].map((n) => site.notAnArticle(n) === null)).toEqual([true, true, false, false, false]);
  });
});
