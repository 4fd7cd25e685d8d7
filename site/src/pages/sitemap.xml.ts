import type { APIRoute } from 'astro';
import { loadContent } from '../lib/content';

const STATIC = ['/', '/about', '/articles', '/videos', '/store', '/community', '/self-help-studies', '/fun-and-games', '/ai-assistant', '/membership', '/policies', '/sitemap'];

/** sitemap.xml for search engines: sections, categories, articles and products. */
export const GET: APIRoute = async ({ site }) => {
  const content = await loadContent();
  const url = (path: string) => new URL(path, site).toString();
  const entries: { loc: string; lastmod?: string }[] = [
    ...STATIC.map((p) => ({ loc: url(p) })),
    ...[...new Set(content.articles.map((a) => a.category))].map((c) => ({ loc: url(`/articles/category/${c}`) })),
    ...content.articles.map((a) => ({ loc: url(`/articles/${a.id}`), lastmod: a.publishDate })),
    ...content.products.map((p) => ({ loc: url(`/store/${p.id}`) })),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map((e) => `  <url><loc>${e.loc}</loc>${e.lastmod ? `<lastmod>${e.lastmod.slice(0, 10)}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
