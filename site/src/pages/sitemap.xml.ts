import type { APIRoute } from 'astro';

// Crawlers and SEO tools ask for /sitemap.xml first; ours is @astrojs/sitemap's index.
export const prerender = false;

export const GET: APIRoute = () => new Response(null, { status: 301, headers: { Location: '/sitemap-index.xml', 'Cache-Control': 'public, max-age=86400' } });
