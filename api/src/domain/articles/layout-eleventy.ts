import path from 'node:path';
import type { ArticleFacts, SiteFiles } from './importer.ts';
import { dataFilesOf, fillPermalink, permalinkOf } from './eleventy-permalink.ts';
import { folder, shallowest, unreadAddress, type SiteReader } from './site-files.ts';

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

function readConfig(files: SiteFiles): { dir: string; input: string; includes: string[]; webRoots: string[]; pathPrefix: string } {
  const config = shallowest(files.names, (base) => CONFIG.test(base));
  const dir = config?.dir ?? '';
  const text = config ? (files.text(config.name) ?? '') : '';
  const input = folder(/\binput\s*:\s*['"`]([^'"`]+)['"`]/.exec(text)?.[1] ?? '.', dir);
  const includes = ['includes', 'layouts', 'data'].map((k) => new RegExp(`\\b${k}\\s*:\\s*['"\`]([^'"\`]+)['"\`]`).exec(text)?.[1]).filter((v): v is string => Boolean(v));
  // addPassthroughCopy({ "./public/": "/" }): that folder is served at the site's root.
  const webRoots = [...text.matchAll(/['"`]([^'"`]+)['"`]\s*:\s*['"`]\/['"`]/g)].map((m) => folder(m[1]!, dir));
  const pathPrefix = (/\bpathPrefix\s*:\s*['"`]([^'"`]*)['"`]/.exec(text)?.[1] ?? '').replace(/^\/*/, '/').replace(/\/+$/, '');
  return { dir, input, includes: includes.map((i) => folder(i, input)), webRoots: [input, ...webRoots, dir], pathPrefix };
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
  // Directory data files too: `blog/blog.11tydata.js`, and `blog/blog.json`.
  configuration: /(^|\/)(\.eleventy\.js|eleventy\.config\.\w+|[^/]+\.11tydata\.(js|cjs|mjs|json)|\.eleventyignore|package(-lock)?\.json)$|(^|\/)([^/]+)\/\6\.json$/,
  detect: (files) => files.names.some((n) => CONFIG.test(path.posix.basename(n)) || /\.11tydata\.\w+$/.test(n)),
  rules(files) {
    const { input, includes, webRoots, pathPrefix } = readConfig(files);
    const names = new Set(files.names);
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
        // `permalink: false` in the front matter or a data file above it: never written by the old site.
        if (permalinkOf(fm, dataFilesOf(f.file, input, names), files) === false) return 'not published by the Eleventy site (permalink: false)';
        if (fm.eleventyExcludeFromCollections === true) return 'left out of the Eleventy site’s collections (eleventyExcludeFromCollections)';
        if (!markedPosts || inPostFolder(f.file)) return null;
        return tagsOf(fm.tags).some((t) => POST_TAGS.includes(t)) ? null : 'a page of the Eleventy site (not tagged as a post), not a post';
      },
      addresses(f, warn) {
        const permalink = permalinkOf(f.frontMatter, dataFilesOf(f.file, input, names), files);
        if (permalink === false) return [];
        if (permalink === undefined) {
          // Eleventy's default: the file's path below the input folder; an index, or a file named as its folder, is the folder.
          const rel = f.file.slice(input.length).replace(/\.\w+$/, '');
          const parts = rel.split('/');
          const stem = parts.at(-1) === 'index' || (parts.length > 1 && parts.at(-1) === parts.at(-2)) ? parts.slice(0, -1).join('/') : rel;
          return [`${pathPrefix}/${stem}${stem ? '/' : ''}`];
        }
        if (typeof permalink === 'string') {
          const filled = fillPermalink(permalink, f, input);
          if (filled !== null) return [pathPrefix + filled];
          warn(unreadAddress(pathPrefix + `/${permalink.replace(/^\/+/, '')}`, 'its Eleventy permalink uses template tags or filters the importer does not read'));
          return [];
        }
        warn(unreadAddress(`for ${f.file}`, `its Eleventy permalink is computed in JavaScript: ${permalink.code}`));
        return [];
      },
    };
  },
};
