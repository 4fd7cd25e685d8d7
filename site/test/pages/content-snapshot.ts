// A small content snapshot for rendering pages in tests, in the CMS's shape (what the API's site
// builder writes to SITE_CONTENT_FILE): a few articles of each tier, themed categories, products,
// the plans' marketing copy, studies and backyard titles.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ContentRecords, ContentSnapshot } from '@app/shared/server';

type Article = ContentRecords['articles'][number];
type Plan = NonNullable<ContentRecords['membershipPlans']>[number];
type Tier = NonNullable<Article['membershipRequired']>;

const category = (id: number, slug: string, title: string) => ({ id, slug, title, description: `All about ${title.toLowerCase()}.`, icon: 'book-open', colour: '#4f46e5' });
const categories = [
  category(1, 'hobbies-collecting', 'Hobbies & Collecting'),
  category(2, 'arts-crafts', 'Arts & Crafts'),
  category(3, 'travel-leisure', 'Travel & Leisure'),
  category(4, 'self-help-personal-development', 'Self-Help & Personal Development'),
];

let nextId = 1;
/** An article of `tier` in the category `slug` (the tier as a string: a test catalogue may name others). */
export function article(slug: string, tier: string, title: string): Article {
  const id = nextId++;
  return {
    id, title, excerpt: `${title}, in short.`, author: null, category: categories.find((c) => c.slug === slug) ?? null,
    thumbnail: null, publishDate: '2026-01-0' + ((id % 9) + 1) + 'T10:00:00.000Z', membershipRequired: tier as Tier,
    contentHtml: tier === 'free' ? `<p>${title}: the whole text.</p>` : '', hasInteractiveElements: false, isAmpCompatible: false, createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/** A plan's marketing copy as editors write it in the CMS. */
export function plan(id: number, tier: string, name: string, features: string[], extra: Partial<Plan> = {}): Plan {
  return { id, tier: tier as Plan['tier'], name, description: `${name}: what it is for.`, features: features.map((text) => ({ text })), highlighted: false, badge: null, sortOrder: id, ...extra };
}

export function demoRecords(): ContentRecords {
  return {
    articles: [
      article('hobbies-collecting', 'free', 'Starting a Stamp Album'),
      article('hobbies-collecting', 'pro', 'Grading Coins Like a Dealer'),
      article('hobbies-collecting', 'vip', 'Auctions: The Insider Calendar'),
      article('arts-crafts', 'free', 'Watercolour Without Fear'),
      article('arts-crafts', 'vip', 'Gallery Pricing for Makers'),
      article('travel-leisure', 'free', 'Packing Light'),
      article('travel-leisure', 'pro', 'Points and Miles, Simply'),
      article('self-help-personal-development', 'free', 'Morning Pages: Why They Work'),
      article('self-help-personal-development', 'pro', 'Morning Pages: A Thirty-Day Plan'),
      article('self-help-personal-development', 'free', 'Tiny Habits: The First Week'),
    ],
    categories,
    videos: [],
    products: [
      { id: 1, name: 'Classic Tee', description: 'Soft cotton.', price: 2499, category: 'Apparel', creator: null, isFeatured: true, inStock: true },
      { id: 2, name: 'Habit Journal', description: 'Ninety days.', price: 1899, category: 'Stationery', creator: null, isFeatured: true, inStock: true },
    ],
    membershipPlans: [
      plan(1, 'free', 'Basic', ['Free articles and videos', 'Bulletin board access']),
      plan(2, 'pro', 'Pro', ['Full access to premium articles', 'Comment on articles'], { highlighted: true, badge: 'Most popular' }),
    ],
    studyResources: [],
    backyardArticles: [{ id: 1, title: 'Build a Bird Feeder', summary: 'An afternoon project.', timeNeeded: '2 hours', contentHtml: '<p>Body</p>', sortOrder: 1 }],
  };
}

/**
 * Writes `records` as the snapshot the site build reads, in a new folder, and points
 * SITE_CONTENT_FILE at it. Call before importing pages; returns the folder, which the caller
 * removes when done (`removeSnapshot`).
 */
export function writeSnapshot(records: ContentRecords): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'site-pages-'));
  const file = path.join(dir, 'content.json');
  const snapshot: ContentSnapshot = { version: 'test', loadedAt: '2026-01-01T00:00:00.000Z', records };
  writeFileSync(file, JSON.stringify(snapshot));
  process.env.SITE_CONTENT_FILE = file;
  return dir;
}

export const removeSnapshot = (dir: string) => rmSync(dir, { recursive: true, force: true });
