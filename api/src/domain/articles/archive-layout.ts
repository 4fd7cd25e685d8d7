import path from 'node:path';

export type ArchiveLayout = {
  /** The folder every entry sits in (a repository downloaded as a ZIP), or "". */
  root: string;
  generator: 'jekyll' | 'hugo' | 'astro' | 'eleventy' | 'gatsby' | null;
  /** Why a Markdown/HTML file is not an article, or null when it is one. */
  notAnArticle(name: string): string | null;
};

// Folders of templates, generated output and dependencies, whatever the generator.
const TEMPLATE_FOLDERS = new Set(['_layouts', '_includes', '_sass', '_data', 'layouts', 'partials', 'themes', 'archetypes', 'node_modules', '_site', 'public', 'static', 'assets', 'resources', 'dist', '.git', '.github']);

/**
 * Recognises a site generator's source tree from the files it always has, so that its posts
 * are imported and its templates, pages and configuration are skipped and listed:
 * Jekyll (`_config.yml`, `_posts/`, `_drafts/`), Hugo (`hugo.toml` or `config.toml`, `content/`;
 * `_index.md` is a section's list page), Astro (`astro.config.*`, `src/content/`), Eleventy
 * (`.eleventy.js`, `eleventy.config.*`) and Gatsby (`gatsby-config.*`, `content/`). Anything
 * else is a plain folder of articles: every Markdown and HTML file outside template folders.
 */
export function detectArchiveLayout(names: string[]): ArchiveLayout {
  const first = names[0]?.split('/')[0];
  const root = first && names.length > 0 && names.every((n) => n.startsWith(`${first}/`)) ? `${first}/` : '';
  const rel = names.map((n) => n.slice(root.length));
  const has = (test: (n: string) => boolean) => rel.some(test);
  const top = (n: string) => n.split('/')[0]!;

  let generator: ArchiveLayout['generator'] = null;
  if (has((n) => n === '_config.yml' || n === '_config.yaml' || n.startsWith('_posts/'))) generator = 'jekyll';
  else if (has((n) => /^(hugo|config)\.(toml|ya?ml|json)$/.test(n)) && has((n) => n.startsWith('content/'))) generator = 'hugo';
  else if (has((n) => /^astro\.config\.\w+$/.test(n) || n.startsWith('src/content/'))) generator = 'astro';
  else if (has((n) => /^(\.eleventy\.js|eleventy\.config\.\w+)$/.test(n))) generator = 'eleventy';
  else if (has((n) => /^gatsby-config\.\w+$/.test(n))) generator = 'gatsby';

  function notAnArticle(name: string): string | null {
    const n = name.slice(root.length);
    const folders = n.split('/').slice(0, -1);
    if (folders.some((f) => TEMPLATE_FOLDERS.has(f))) return 'a template or asset of the site, not an article';
    switch (generator) {
      case 'jekyll':
        return top(n) === '_posts' || top(n) === '_drafts' ? null : 'a page of the Jekyll site, not a post (posts are in _posts and _drafts)';
      case 'hugo':
        if (top(n) !== 'content') return 'not in the Hugo content folder';
        return path.posix.basename(n).startsWith('_index.') ? 'a Hugo section list page, not an article' : null;
      case 'astro':
        return n.startsWith('src/content/') ? null : 'a page of the Astro site, not an entry of a content collection';
      case 'gatsby':
        return top(n) === 'content' ? null : 'a page of the Gatsby site, not a post (posts are in content)';
      default:
        return null;
    }
  }
  return { root, generator, notAnArticle };
}
