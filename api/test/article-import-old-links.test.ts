import { describe, expect, it } from 'vitest';
import { appForThisFile } from './file-app.ts';
import { sampleRecords } from './fixtures.ts';
import { importOldLinks, type OldLinkSite } from './old-links.ts';

// Issue 49 #3, old links for every layout: sites written from each generator's documentation
// (their common starters), imported through the upload route; every old link must answer 301.
// The importer was tuned on these; article-import-old-links-held-out.test.ts holds the others.
const t = appForThisFile({
  records: () => ({ ...sampleRecords(), categories: [...sampleRecords().categories, { id: 20, slug: 'mindset', title: 'Mindset' }] }),
  app: () => ({ cmsUrl: t.cms.url }),
});
let cookie = '';
const adminCookie = async () => (cookie ||= [...(await t.member('old_links_admin', 'free', true)).cookies].map(([k, v]) => `${k}=${v}`).join('; '));

// Each post carries a little code, so the report can say its lines came through.
const post = (fields: Record<string, string>, body = 'A paragraph of the post.\n\n```js\nimport { steps } from "./steps.js";\nexport const total = steps.length;\n\tconsole.log(total);\n```') => `---\n${Object.entries(fields).map(([k, v]) => `${k}: ${v}`).join('\n')}\n---\n${body}\n`;
const astroRoute = (collection: string, param: string) =>
  `---\nimport { type CollectionEntry, getCollection } from 'astro:content';\nimport BlogPost from '../../layouts/BlogPost.astro';\nimport { render } from 'astro:content';\n\nexport async function getStaticPaths() {\n\tconst posts = await getCollection('${collection}');\n\treturn posts.map((post) => ({\n\t\tparams: { slug: ${param} },\n\t\tprops: post,\n\t}));\n}\ntype Props = CollectionEntry<'${collection}'>;\n\nconst post = Astro.props;\nconst { Content } = await render(post);\n---\n\n<BlogPost {...post.data}>\n\t<Content />\n</BlogPost>\n`;

export const TUNED: OldLinkSite[] = [
  {
    name: 'Astro blog template (content layer, [...slug] from post.id, a tag and a pagination route, base)',
    posts: 4,
    files: {
      'package.json': '{ "name": "blog", "type": "module", "dependencies": { "astro": "^5.2.0", "@astrojs/mdx": "^4.0.0" } }',
      'astro.config.mjs': "// @ts-check\nimport { defineConfig } from 'astro/config';\nimport mdx from '@astrojs/mdx';\n\nexport default defineConfig({\n\tsite: 'https://example.com',\n\tbase: '/writing',\n\tintegrations: [mdx()],\n});\n",
      'src/content.config.ts': "import { defineCollection, z } from 'astro:content';\nimport { glob } from 'astro/loaders';\n\nconst blog = defineCollection({\n\tloader: glob({ base: './src/content/blog', pattern: '**/*.{md,mdx}' }),\n\tschema: z.object({ title: z.string(), pubDate: z.coerce.date() }),\n});\n\nexport const collections = { blog };\n",
      'src/content/blog/first-post.md': post({ title: "'First post'", description: "'Lorem ipsum dolor sit amet'", pubDate: "'Jul 08 2022'", heroImage: "'../../assets/blog-placeholder-3.jpg'" }),
      'src/content/blog/second-post.md': post({ title: "'Second post'", pubDate: "'Jul 15 2022'", tags: '[astro, notes]' }),
      'src/content/blog/markdown-style-guide.md': post({ title: "'Markdown Style Guide'", pubDate: "'Jun 19 2024'" }, '## Headings\n\nText.'),
      'src/content/blog/using-mdx.mdx': post({ title: "'Using MDX'", pubDate: "'Jun 01 2024'" }, "import HeaderLink from '../../components/HeaderLink.astro';\n\nMDX text."),
      'src/pages/index.astro': '---\nimport BaseHead from "../components/BaseHead.astro";\n---\n<h1>Home</h1>\n',
      'src/pages/about.astro': '---\n---\n<p>About</p>\n',
      'src/pages/blog/index.astro': "---\nconst posts = (await getCollection('blog')).sort((a, b) => b.data.pubDate.valueOf() - a.data.pubDate.valueOf());\n---\n",
      'src/pages/blog/[...slug].astro': astroRoute('blog', 'post.id'),
      'src/pages/tags/[tag].astro': "---\nimport { getCollection } from 'astro:content';\nexport async function getStaticPaths() {\n\tconst posts = await getCollection('blog');\n\tconst tags = [...new Set(posts.flatMap((post) => post.data.tags ?? []))];\n\treturn tags.map((tag) => ({ params: { tag }, props: { posts: posts.filter((p) => p.data.tags?.includes(tag)) } }));\n}\n---\n",
      'src/pages/blog/page/[...page].astro': "---\nexport async function getStaticPaths({ paginate }) {\n\tconst posts = await getCollection('blog');\n\treturn paginate(posts, { pageSize: 2 });\n}\n---\n",
      'src/pages/rss.xml.js': "import rss from '@astrojs/rss';\nexport async function GET(context) { return rss({ items: [] }); }\n",
    },
    oldLinks: ['https://example.com/writing/blog/first-post/', 'https://example.com/writing/blog/second-post', 'https://example.com/writing/blog/markdown-style-guide/', 'https://example.com/writing/blog/using-mdx/'],
  },
  {
    name: 'Eleventy blog with _posts/ (its config decides; the directory data file’s permalink; a post’s own)',
    posts: 3,
    files: {
      '.eleventy.js': 'module.exports = function (eleventyConfig) {\n  eleventyConfig.addPassthroughCopy("img");\n  return { dir: { input: ".", includes: "_includes", output: "_site" } };\n};\n',
      'package.json': '{ "devDependencies": { "@11ty/eleventy": "^2.0.1" } }',
      '_posts/_posts.json': '{\n  "layout": "post.njk",\n  "tags": "posts",\n  "permalink": "/blog/{{ page.fileSlug }}/"\n}\n',
      '_posts/2021-01-10-hello-world.md': post({ title: 'Hello World' }),
      '_posts/2021-02-14-second-thoughts.md': post({ title: 'Second thoughts', date: '2021-02-14' }),
      '_posts/2021-03-01-moved.md': post({ title: 'Moved', permalink: '"/special/{{ page.fileSlug }}/index.html"' }),
      'index.njk': '---\nlayout: base.njk\n---\n{% for p in collections.posts %}{{ p.data.title }}{% endfor %}\n',
      'about.md': post({ title: 'About', layout: 'base.njk' }),
      '_includes/post.njk': '{{ content | safe }}',
      '_data/site.json': '{ "title": "A blog" }',
    },
    oldLinks: ['https://old.example/blog/hello-world/', 'https://old.example/blog/second-thoughts/', 'https://old.example/special/moved/'],
  },
  {
    name: 'Jekyll with its permalink under defaults: (type posts, a narrower path scope)',
    posts: 3,
    files: {
      '_config.yml': 'title: Notes\nurl: https://notes.example\nbaseurl: ""\ntheme: minima\ndefaults:\n  - scope:\n      path: ""\n      type: "posts"\n    values:\n      layout: "post"\n      permalink: /blog/:year/:i_month/:slug/\n  - scope:\n      path: "_posts/guides"\n    values:\n      permalink: /guides/:slugified_categories/:title:output_ext\n',
      'Gemfile': 'source "https://rubygems.org"\ngem "jekyll", "~> 4.3"\n',
      '_posts/2023-04-09-Spring-Cleaning.md': post({ title: 'Spring cleaning', categories: '[Home Life]' }),
      '_posts/2023-11-30-late-post.markdown': post({ title: 'Late post', date: '2023-11-30 23:15:00 -0600' }),
      '_posts/guides/2024-01-05-setup.md': post({ title: 'Set up', categories: 'How To' }),
      'about.markdown': post({ layout: 'page', title: 'About', permalink: '/about/' }),
      'index.markdown': '---\nlayout: home\n---\n',
    },
    oldLinks: ['https://notes.example/blog/2023/4/spring-cleaning/', 'https://notes.example/blog/2023/11/late-post/', 'https://notes.example/guides/how/to/setup.html'],
  },
  {
    name: 'Hugo with permalinks per section, a bundle’s slug, a post’s url',
    posts: 4,
    files: {
      'hugo.toml': "baseURL = 'https://hugo.example.org/'\ntitle = 'Hugo'\n[permalinks]\n  posts = '/:year/:month/:slug/'\n[permalinks.page]\n  notes = '/n/:contentbasename/'\n",
      'content/_index.md': '+++\ntitle = "Home"\n+++\n',
      'content/about.md': '+++\ntitle = "About"\n+++\nAbout.\n',
      'content/posts/first-post.md': '+++\ntitle = "My First Post"\ndate = 2024-01-14T07:07:07+01:00\n+++\nText.\n',
      'content/posts/trip/index.md': '+++\ntitle = "A Trip"\ndate = 2024-02-01\nslug = "lake-trip"\n+++\nText.\n',
      'content/posts/custom.md': '+++\ntitle = "Custom"\ndate = 2024-03-01\nurl = "/custom/address/"\n+++\nText.\n',
      'content/notes/idea.md': '+++\ntitle = "An Idea"\ndate = 2024-04-01\n+++\nText.\n',
    },
    oldLinks: ['https://hugo.example.org/2024/01/my-first-post/', 'https://hugo.example.org/2024/02/lake-trip/', 'https://hugo.example.org/custom/address/', 'https://hugo.example.org/n/idea/'],
  },
];

describe('old links of imported sites, for every layout (tuned on)', () => {
  for (const site of TUNED) {
    it(`answers 301 for every old link of ${site.name}`, async () => {
      const got = await importOldLinks(t, await adminCookie(), site);
      expect([got.previewed, got.imported]).toEqual([site.posts, site.posts]);
      expect(got.missing).toEqual([]);
      expect([got.warnings, got.reported]).toEqual([[], []]);
      expect(got.code.page).toBe(got.code.source);
    });
  }

  it('warns in the preview, naming the address, where an old address cannot be worked out', async () => {
    const got = await importOldLinks(t, await adminCookie(), {
      name: 'Eleventy with a permalink computed in JavaScript',
      posts: 1,
      files: {
        'eleventy.config.js': 'export default function () {}\n',
        'posts/posts.11tydata.js': 'export default {\n  tags: ["posts"],\n  eleventyComputed: {\n    permalink: (data) => `/${data.page.date.getFullYear()}/${data.page.fileSlug}/`,\n  },\n};\n',
        'posts/computed.md': post({ title: 'Computed', date: '2022-02-02' }),
      },
      oldLinks: ['https://x.example/2022/computed/'],
    });
    expect(got.imported).toBe(1);
    const warning = 'The old site’s address for posts/computed.md cannot be worked out (its Eleventy permalink is computed in JavaScript: (data) => `/${data.page.date.getFullYear()}/${data.page.fileSlug}/`): links to it will not redirect';
    expect(got.warnings).toEqual([warning]);
    expect(got.reported).toEqual([{ file: 'posts/computed.md', message: warning }]);
  });
});
