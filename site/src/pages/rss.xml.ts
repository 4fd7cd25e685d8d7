import type { APIRoute } from 'astro';
import { loadContent } from '../lib/content';
import { SITE_NAME } from '../lib/nav';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An RSS feed of the free articles (premium ones stay out: their bodies are for members). */
export const GET: APIRoute = async ({ site }) => {
  const content = await loadContent();
  const items = content.articles
    .filter((a) => a.membershipRequired === 'free')
    .slice(0, 50)
    .map((a) => {
      const link = new URL(`/articles/${a.id}`, site).toString();
      return `    <item><title>${escape(a.title)}</title><link>${link}</link><guid>${link}</guid><pubDate>${new Date(a.publishDate).toUTCString()}</pubDate><category>${escape(a.categoryTitle)}</category><description>${escape(a.excerpt)}</description></item>`;
    });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0">\n  <channel>\n    <title>${SITE_NAME}</title>\n    <link>${new URL('/', site)}</link>\n    <description>Free articles on habits, confidence, money, health and more.</description>\n    <language>en</language>\n${items.join('\n')}\n  </channel>\n</rss>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
