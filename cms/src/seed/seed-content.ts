import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import type { Payload } from 'payload';
import { seedArticles, seedInteractiveArticles, type SeedArticle } from './articles';
import { seedCategories } from './categories';
import { seedIcons } from './icons';
import { placeholderSvg, productPictureSvg } from './placeholder-image';
import { seedProducts } from './products';
import { seedThemedArticles } from './themed-articles';
import { seedVideos } from './videos';

const DAY = 24 * 60 * 60 * 1000;
// Seeding happens before the API is up; nothing needs to hear about it.
const context = { skipNotify: true };

/** A seed image (no text): `icon` names a Lucide icon, or null for plain backgrounds behind headings. */
export async function uploadPlaceholder(payload: Payload, name: string, title: string, colour: string, icon: string | null) {
  return uploadSvg(payload, name, title, placeholderSvg(title, colour, icon === null ? null : (seedIcons[icon] ?? seedIcons['book-open']!)));
}

async function uploadSvg(payload: Payload, name: string, title: string, data: Buffer) {
  const doc = await payload.create({
    collection: 'media',
    data: { alt: title },
    file: { data, mimetype: 'image/svg+xml', name: `${name}.svg`, size: data.length },
    context,
  });
  return doc.id;
}

function interactiveData(a: SeedArticle) {
  const i = a.interactive;
  if (!i) return undefined;
  return {
    keyPoints: i.keyPoints.map((text) => ({ text })),
    characterGuides: i.guides.map((g) => ({ ...g, showAutomatically: true })),
    quiz: {
      title: i.quiz.title,
      description: i.quiz.description,
      pointsPerQuestion: 10,
      questions: i.quiz.questions.map((q) => ({ ...q, options: q.options.map((text) => ({ text })) })),
    },
    experiment: { ...i.experiment, steps: i.experiment.steps.map((text) => ({ text })) },
  };
}

/** Loads the demo content into an empty CMS. Returns false when content already exists. */
export async function seedContent(payload: Payload, log: (m: string) => void = () => {}): Promise<boolean> {
  const existing = await payload.count({ collection: 'articles', overrideAccess: true });
  if (existing.totalDocs > 0) return false;

  const editorConfig = await editorConfigFactory.default({ config: payload.config });
  const categoryIds = new Map<string, number>();
  for (const c of seedCategories) {
    // Header images sit behind the category's heading, so they carry neither text nor icon.
    const headerImage = await uploadPlaceholder(payload, `category-${c.slug}`, c.title, c.colour, null);
    const doc = await payload.create({ collection: 'categories', data: { ...c, headerImage }, context });
    categoryIds.set(c.slug, doc.id);
  }
  const categoryOf = new Map(seedCategories.map((c) => [c.slug, c]));

  const now = Date.now();
  for (const [n, a] of [...seedArticles, ...seedThemedArticles, ...seedInteractiveArticles].entries()) {
    const category = categoryOf.get(a.category);
    const thumbnail = await uploadPlaceholder(payload, `article-${n + 1}`, a.title, category?.colour ?? '#4f46e5', category?.icon ?? 'book-open');
    await payload.create({
      collection: 'articles',
      data: {
        title: a.title,
        excerpt: a.excerpt,
        author: a.author,
        category: categoryIds.get(a.category)!,
        thumbnail,
        publishDate: new Date(now - a.daysAgo * DAY).toISOString(),
        membershipRequired: a.tier,
        content: convertMarkdownToLexical({ editorConfig, markdown: a.body }),
        hasInteractiveElements: Boolean(a.interactive),
        isAmpCompatible: !a.interactive,
        interactiveData: interactiveData(a),
        _status: 'published',
      },
      context,
    });
  }

  for (const [n, v] of seedVideos.entries()) {
    const image = await uploadPlaceholder(payload, `video-${n + 1}`, v.title, ['#4f46e5', '#0891b2', '#059669', '#d97706'][n % 4]!, 'circle-play');
    await payload.create({
      collection: 'videos',
      data: {
        ...v,
        image,
        videoUrl: `https://www.youtube.com/watch?v=${v.externalId}`,
        publishDate: new Date(now - (n * 6 + 1) * DAY).toISOString(),
        membershipRequired: 'free',
        _status: 'published',
      },
      context,
    });
  }

  for (const [n, p] of seedProducts.entries()) {
    const { colour, icon, ...data } = p;
    const image = await uploadSvg(payload, `product-${n + 1}`, p.name, productPictureSvg(p.name, colour, seedIcons[icon]!));
    await payload.create({ collection: 'products', data: { ...data, image, _status: 'published' }, context });
  }
  log(`seeded ${seedCategories.length} categories, ${seedArticles.length + seedThemedArticles.length + seedInteractiveArticles.length} articles, ${seedVideos.length} videos, ${seedProducts.length} products`);
  return true;
}
