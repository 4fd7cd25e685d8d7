import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { loadContent } from '../lib/content';
import { SITE_NAME } from '../lib/site-settings';

/** An RSS feed of the free articles (premium ones stay out: their bodies are for members). */
export const GET: APIRoute = async ({ site }) => {
  const content = await loadContent();
  return rss({
    title: SITE_NAME,
    description: 'Free articles on habits, confidence, money, health and more.',
    site: site!,
    customData: '<language>en</language>',
    items: content.articles
      .filter((a) => a.membershipRequired === 'free')
      .slice(0, 50)
      .map((a) => ({ title: a.title, link: `/articles/${a.id}`, pubDate: new Date(a.publishDate), categories: [a.categoryTitle], description: a.excerpt })),
  });
};
