import { describe, expect, it } from 'vitest';
import { appForThisFile } from './file-app.ts';
import { sampleRecords } from './fixtures.ts';
import { importOldLinks, type OldLinkSite } from './old-links.ts';

// Held out (issue 49 #3): other starters of each generator, written from its documentation after
// the importer's old links were built, and never used to change it. Each line of the report says
// how many of its old links answer 301; the expectations are what the first run measured (its
// one correction: a file with `permalink: false` is no post, as the tuned importer already said).
const t = appForThisFile({
  records: () => ({ ...sampleRecords(), categories: [...sampleRecords().categories, { id: 20, slug: 'mindset', title: 'Mindset' }] }),
  app: () => ({ cmsUrl: t.cms.url }),
});
let cookie = '';
const adminCookie = async () => (cookie ||= [...(await t.member('held_out_links_admin', 'free', true)).cookies].map(([k, v]) => `${k}=${v}`).join('; '));

const md = (fields: Record<string, string>, body = 'Some text of the post.\n\n```js\nimport { steps } from "./steps.js";\nexport const total = steps.length;\n\tconsole.log(total);\n```') => `---\n${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('\n')}\n---\n${body}\n`;
const toml = (fields: Record<string, string>, body = 'Some text of the post.\n\n```js\nimport { steps } from "./steps.js";\nexport const total = steps.length;\n\tconsole.log(total);\n```') => `+++\n${Object.entries(fields).map(([k, v]) => `${k} = ${v}`).join('\n')}\n+++\n${body}\n`;

const HELD_OUT: (OldLinkSite & { answering: number })[] = [
  {
    name: 'Astro docs’ routing example ([id].astro, params from post.id, a glob loader in src/data)',
    posts: 2,
    answering: 2,
    files: {
      'astro.config.mjs': "import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://docs-example.dev', trailingSlash: 'never' });\n",
      'src/content.config.ts': 'import { defineCollection, z } from "astro:content";\nimport { glob } from "astro/loaders";\nconst blog = defineCollection({\n  loader: glob({ pattern: "**/*.md", base: "./src/data/blog" }),\n  schema: z.object({ title: z.string(), date: z.date() }),\n});\nexport const collections = { blog };\n',
      'src/data/blog/hello-astro.md': md({ title: 'Hello Astro', date: '2024-05-01' }),
      'src/data/blog/Why We Switched.md': md({ title: 'Why we switched', date: '2024-06-01' }),
      'src/pages/posts/[id].astro': '---\nimport { getCollection, render } from "astro:content";\nexport async function getStaticPaths() {\n  const posts = await getCollection("blog");\n  return posts.map((post) => ({\n    params: { id: post.id },\n    props: { post },\n  }));\n}\nconst { post } = Astro.props;\nconst { Content } = await render(post);\n---\n<h1>{post.data.title}</h1>\n<Content />\n',
      'src/pages/index.astro': '---\n---\n<h1>Home</h1>\n',
    },
    oldLinks: ['https://docs-example.dev/posts/hello-astro', 'https://docs-example.dev/posts/why-we-switched'],
  },
  {
    name: 'Astro 4 blog (legacy collections, [...slug] from post.slug, a front matter slug)',
    posts: 2,
    answering: 2,
    files: {
      'package.json': '{ "dependencies": { "astro": "^4.15.0" } }',
      'astro.config.mjs': "import { defineConfig } from 'astro/config';\nexport default defineConfig({ site: 'https://four.example' });\n",
      'src/content/config.ts': "import { defineCollection, z } from 'astro:content';\nconst blog = defineCollection({ type: 'content', schema: z.object({ title: z.string(), pubDate: z.coerce.date() }) });\nexport const collections = { 'blog': blog };\n",
      'src/content/blog/first.md': md({ title: 'First', pubDate: '2023-01-02' }),
      'src/content/blog/second.md': md({ title: 'Second', pubDate: '2023-02-03', slug: 'the-second-one' }),
      'src/pages/blog/[...slug].astro': "---\nimport { getCollection } from 'astro:content';\nexport async function getStaticPaths() {\n  const blogEntries = await getCollection('blog');\n  return blogEntries.map(entry => ({\n    params: { slug: entry.slug }, props: { entry },\n  }));\n}\nconst { entry } = Astro.props;\nconst { Content } = await entry.render();\n---\n<Content />\n",
    },
    oldLinks: ['https://four.example/blog/first/', 'https://four.example/blog/the-second-one/'],
  },
  {
    name: 'Astro on demand (output server, getEntry from Astro.params)',
    posts: 1,
    answering: 1,
    files: {
      'astro.config.mjs': "import node from '@astrojs/node';\nexport default defineConfig({ output: 'server', adapter: node({ mode: 'standalone' }) });\n",
      'src/content.config.ts': "const news = defineCollection({ loader: glob({ pattern: '*.md', base: './src/content/news' }) });\nexport const collections = { news };\n",
      'src/content/news/launch-day.md': md({ title: 'Launch day', date: '2025-01-20' }),
      'src/pages/news/[slug].astro': "---\nimport { getEntry, render } from 'astro:content';\nconst { slug } = Astro.params;\nconst entry = await getEntry('news', slug);\nif (!entry) return Astro.redirect('/404');\nconst { Content } = await render(entry);\n---\n<Content />\n",
    },
    oldLinks: ['https://news.example/news/launch-day'],
  },
  {
    name: 'eleventy-base-blog (input content/, tags from blog.11tydata.js, default permalinks, a post as a folder)',
    posts: 2,
    answering: 2,
    files: {
      'eleventy.config.js': 'export default async function(eleventyConfig) {\n  eleventyConfig.addPassthroughCopy({ "./public/": "/" });\n};\nexport const config = {\n  templateFormats: ["md", "njk", "html", "liquid", "11ty.js"],\n  markdownTemplateEngine: "njk",\n  dir: { input: "content", includes: "../_includes", data: "../_data", output: "_site" },\n  pathPrefix: "/",\n};\n',
      'content/blog/blog.11tydata.js': 'export default {\n  tags: ["posts"],\n  "layout": "layouts/post.njk",\n};\n',
      'content/blog/firstpost.md': md({ title: 'This is my first post.', description: 'This is a post on My Blog about agile frameworks.', date: '2018-05-01', tags: ['another tag'].join('') }),
      'content/blog/fifthpost/index.md': md({ title: 'This is my fifth post.', date: '2023-01-23' }),
      'content/about/index.md': md({ layout: 'layouts/base.njk', eleventyNavigation: '{ key: About, order: 3 }' }, '# About Me'),
      'content/index.njk': '---\nlayout: layouts/home.njk\n---\n',
      '_includes/layouts/post.njk': '{{ content | safe }}',
    },
    oldLinks: ['https://base-blog.example/blog/firstpost/', 'https://base-blog.example/blog/fifthpost/'],
  },
  {
    name: 'Eleventy with input src/, a Liquid date permalink in a directory data file, eleventyComputed in front matter, permalink: false',
    // The third file has `permalink: false`: the old site never wrote it, so it is skipped, with no old link.
    posts: 2,
    answering: 2,
    files: {
      '.eleventy.js': 'module.exports = function (eleventyConfig) {\n  return { dir: { input: "src", output: "dist" } };\n};\n',
      'src/posts/posts.11tydata.json': '{ "tags": ["post"], "permalink": "/{{ page.date | date: \'%Y/%m/%d\' }}/{{ page.fileSlug }}/index.html" }',
      'src/posts/2022-08-09-summer.md': md({ title: 'Summer' }),
      'src/posts/renamed.md': md({ title: 'Renamed Post', date: '2022-09-10', eleventyComputed: '\n  permalink: "/archive/{{ title | slugify }}/"' }),
      'src/posts/unlisted.md': md({ title: 'Unlisted', date: '2022-10-11', permalink: 'false' }),
    },
    oldLinks: ['https://src.example/2022/08/09/summer/', 'https://src.example/archive/renamed-post/'],
  },
  {
    name: 'Jekyll with a source-wide permalink, a _posts-scoped default and a category folder',
    posts: 2,
    answering: 2,
    files: {
      '_config.yml': 'title: Mixed\nurl: "https://mixed.example"\npermalink: /:categories/:title/\ndefaults:\n  -\n    scope:\n      path: "_posts"\n      type: "posts"\n    values:\n      permalink: /:year/:month/:day/:title.html\n',
      '_posts/2019-05-05-old-times.md': md({ title: 'Old times' }),
      'blog/_posts/2019-06-06-on-cats.md': md({ title: 'On cats', category: 'Tech' }),
    },
    oldLinks: ['https://mixed.example/2019/05/05/old-times.html', 'https://mixed.example/blog/tech/on-cats/'],
  },
  {
    name: 'Jekyll with the weekdate style and a baseurl',
    posts: 1,
    answering: 1,
    files: {
      '_config.yml': 'url: https://weeks.example\nbaseurl: /journal\npermalink: weekdate\n',
      '_posts/2024-01-01-new-year.md': md({ title: 'New year' }),
    },
    oldLinks: ['https://weeks.example/journal/2024/W01/Mon/new-year.html'],
  },
  {
    name: 'Hugo with a split configuration (config/_default/permalinks.toml), :filename and :section',
    posts: 2,
    answering: 2,
    files: {
      'config/_default/hugo.toml': "baseURL = 'https://split.example/'\ntitle = 'Split'\n",
      'config/_default/permalinks.toml': "posts = '/blog/:year/:slug/'\ntutorials = '/:section/:filename/'\n",
      'content/posts/hello.md': toml({ title: '"Hello There"', date: '2021-07-07' }),
      'content/tutorials/Getting-Started.md': toml({ title: '"Getting started"', date: '2021-08-08' }),
      'archetypes/default.md': "+++\ndate = '{{ .Date }}'\n+++\n",
    },
    oldLinks: ['https://split.example/blog/2021/hello-there/', 'https://split.example/tutorials/getting-started/'],
  },
  {
    name: 'Hugo (YAML) with page permalinks by date, nested sections, ugly URLs and aliases',
    posts: 2,
    answering: 3,
    files: {
      'hugo.yaml': 'baseURL: https://ugly.example/\nuglyURLs: true\npermalinks:\n  page:\n    posts: /:year/:month/:day/:contentbasename/\n',
      'content/posts/2023/deep-dive.md': md({ title: 'Deep dive', date: '2023-05-04T10:00:00Z', aliases: '[/old-deep-dive/]' }),
      'content/posts/short.md': md({ title: 'Short', date: '2023-06-07' }),
    },
    oldLinks: ['https://ugly.example/2023/05/04/deep-dive.html', 'https://ugly.example/old-deep-dive/', 'https://ugly.example/2023/06/07/short.html'],
  },
];

describe('old links of held-out sites', () => {
  for (const site of HELD_OUT) {
    it(`answers 301 for ${site.answering} of ${site.oldLinks.length} old links of ${site.name}`, async () => {
      const got = await importOldLinks(t, await adminCookie(), site);
      expect([got.previewed, got.imported]).toEqual([site.posts, site.posts]);
      expect(got.redirected).toBe(site.answering);
      expect(got.code.page).toBe(got.code.source);
    });
  }
});
