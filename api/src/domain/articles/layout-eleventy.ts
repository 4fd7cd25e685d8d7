import path from 'node:path';
import type { ArticleFacts, SiteFiles } from './importer.ts';
import { folder, shallowest, type SiteReader } from './site-files.ts';

const CONFIG = /^(\.eleventy\.js|eleventy\.config\.\w+)$/;
/** Tags that only put a file into Eleventy's collections (the base blog's "posts"). */
const POST_TAGS = ['post', 'posts', 'blog', 'article', 'articles'];
const POST_FOLDERS = new Set(['post', 'posts', 'blog', '_posts', 'articles']);
const PAGE_NAMES = /^(index|about|contact|tags|tag|archive|archives|search|feed|sitemap|blog|posts|privacy|imprint|now|uses)$/i;

const tagsOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []).map((t) => t.toLowerCase());

/** Whether a directory data file (`blog/blog.11tydata.js`, `blog/blog.json`) tags its folder's files as posts. */
function tagsFolderAsPosts(text: string): boolean {
  return /["']?tags["']?\s*:\s*\[?[^\]\n]*["'](posts?|blog|articles?)["']/i.test(text);
}

function readConfig(files: SiteFiles): { dir: string; input: string; includes: string[]; webRoots: string[] } {
  const config = shallowest(files.names, (base) => CONFIG.test(base));
  const dir = config?.dir ?? '';
  const text = config ? (files.text(config.name) ?? '') : '';
  const input = folder(/\binput\s*:\s*['"`]([^'"`]+)['"`]/.exec(text)?.[1] ?? '.', dir);
  const includes = ['includes', 'layouts', 'data'].map((k) => new RegExp(`\\b${k}\\s*:\\s*['"\`]([^'"\`]+)['"\`]`).exec(text)?.[1]).filter((v): v is string => Boolean(v));
  // addPassthroughCopy({ "./public/": "/" }): that folder is served at the site's root.
  const webRoots = [...text.matchAll(/['"`]([^'"`]+)['"`]\s*:\s*['"`]\/['"`]/g)].map((m) => folder(m[1]!, dir));
  return { dir, input, includes: includes.map((i) => folder(i, input)), webRoots: [input, ...webRoots, dir] };
}

/**
 * Eleventy (11ty.dev/docs): its input folder from the config (read as text, never run), templates
 * in its includes, layouts and data folders. Posts are files tagged as such — by their folder's
 * data file (`blog/blog.11tydata.js` with `tags: ["posts"]`), a folder named for posts, or their own
 * `tags` — and the rest are pages (home, about, tags, feed, 404, README), skipped and listed.
 * A site that marks no posts at all has every file that is not an obvious page taken for one.
 */
export const eleventySite: SiteReader = {
  id: 'eleventy',
  configuration: /(^|\/)(\.eleventy\.js|eleventy\.config\.\w+|[^/]+\.11tydata\.(js|cjs|mjs|json)|\.eleventyignore|package(-lock)?\.json)$/,
  detect: (files) => files.names.some((n) => CONFIG.test(path.posix.basename(n)) || /\.11tydata\.\w+$/.test(n)),
  rules(files) {
    const { input, includes, webRoots } = readConfig(files);
    const dataFiles = files.names.filter((n) => /\.11tydata\.(js|cjs|mjs|json)$/.test(n) || /(^|\/)([^/]+)\/\2\.json$/.test(n));
    const postFolders = dataFiles.filter((n) => tagsFolderAsPosts(files.text(n) ?? '')).map((n) => `${path.posix.dirname(n)}/`);
    const markedPosts = postFolders.length > 0 || files.names.some((n) => n.startsWith(input) && n.slice(input.length).split('/').slice(0, -1).some((f) => POST_FOLDERS.has(f)));
    const inPostFolder = (name: string) => postFolders.some((f) => name.startsWith(f)) || name.slice(input.length).split('/').slice(0, -1).some((f) => POST_FOLDERS.has(f));
    // A post folder's own index is its list page; an index one folder down is a post kept as a folder.
    const listPage = (name: string) => {
      const dir = `${path.posix.dirname(name)}/`;
      return dir === input || dir === './' || postFolders.includes(dir) || POST_FOLDERS.has(path.posix.basename(dir));
    };
    return {
      webRoots,
      collectionTags: POST_TAGS,
      notAPost(name) {
        if (!name.startsWith(input)) return `outside the Eleventy input folder (${input})`;
        if (includes.some((i) => name.startsWith(i))) return 'a template or data file of the Eleventy site, not an article';
        const base = path.posix.basename(name, path.posix.extname(name));
        const page = 'a page of the Eleventy site (home, about, tags, feed…), not a post';
        if (base === 'index') return inPostFolder(name) && !listPage(name) ? null : page;
        if (inPostFolder(name)) return null;
        return PAGE_NAMES.test(base) ? page : null;
      },
      pageByFrontMatter(f: ArticleFacts) {
        const fm = f.frontMatter;
        if (fm.permalink === false) return 'not published by the Eleventy site (permalink: false)';
        if (fm.eleventyExcludeFromCollections === true) return 'left out of the Eleventy site’s collections (eleventyExcludeFromCollections)';
        if (!markedPosts || inPostFolder(f.file)) return null;
        return tagsOf(fm.tags).some((t) => POST_TAGS.includes(t)) ? null : 'a page of the Eleventy site (not tagged as a post), not a post';
      },
      addresses(f) {
        const own = f.frontMatter.permalink;
        if (typeof own === 'string' && own.trim() && !/[{%]/.test(own)) return [own.startsWith('/') ? own : `/${own}`];
        const rel = f.file.slice(input.length).replace(/\.\w+$/, '').replace(/(^|\/)index$/, '');
        return [`/${rel}${rel ? '/' : ''}`];
      },
    };
  },
};
