import { convertMarkdownToLexical, editorConfigFactory } from '@payloadcms/richtext-lexical';
import type { CollectionSlug, Payload } from 'payload';
import { seedBackyardArticles } from './backyard-articles';
import { seedQuizQuestions, seedScrambleWords } from './game-content';
import { uploadPlaceholder } from './seed-content';
import { seedStudyResources } from './study-resources';

// Run before the API listens; nothing needs to hear about it.
const context = { skipNotify: true };

async function isEmpty(payload: Payload, collection: CollectionSlug) {
  return (await payload.count({ collection, overrideAccess: true })).totalDocs === 0;
}

/**
 * The games' pools and the backyard articles are the product's own writing (issue 21), so an empty
 * collection gets them at every start, like the membership plans. The study resources' intro
 * videos stand in for the studio's channel, so they are seeded in demo mode only (`withStudies`).
 * A collection that holds anything is never touched. Returns what was seeded.
 */
export async function seedActivities(payload: Payload, opts: { withStudies: boolean }): Promise<string[]> {
  const seeded: string[] = [];
  if (await isEmpty(payload, 'quiz-questions')) {
    for (const q of seedQuizQuestions) await payload.create({ collection: 'quiz-questions', data: { ...q, options: q.options.map((text) => ({ text })), _status: 'published' }, overrideAccess: true, context });
    seeded.push(`${seedQuizQuestions.length} quiz questions`);
  }
  if (await isEmpty(payload, 'scramble-words')) {
    for (const w of seedScrambleWords) await payload.create({ collection: 'scramble-words', data: { ...w, _status: 'published' }, overrideAccess: true, context });
    seeded.push(`${seedScrambleWords.length} scramble words`);
  }
  if (await isEmpty(payload, 'backyard-articles')) {
    const editorConfig = await editorConfigFactory.default({ config: payload.config });
    for (const [n, a] of seedBackyardArticles.entries()) {
      const thumbnail = await uploadPlaceholder(payload, `backyard-${n + 1}`, a.title, a.colour, a.icon);
      await payload.create({
        collection: 'backyard-articles',
        data: { title: a.title, summary: a.summary, timeNeeded: a.timeNeeded, thumbnail, sortOrder: n + 1, content: convertMarkdownToLexical({ editorConfig, markdown: a.body }), _status: 'published' },
        overrideAccess: true,
        context,
      });
    }
    seeded.push(`${seedBackyardArticles.length} backyard articles`);
  }
  if (opts.withStudies && (await isEmpty(payload, 'study-resources'))) {
    for (const [n, r] of seedStudyResources.entries()) {
      const thumbnail = await uploadPlaceholder(payload, `study-${n + 1}`, r.title, r.colour, r.icon);
      await payload.create({
        collection: 'study-resources',
        data: { title: r.title, description: r.description, thumbnail, videoUrl: `https://www.youtube.com/watch?v=${r.externalId}`, isPremium: r.isPremium, sortOrder: n + 1, _status: 'published' },
        overrideAccess: true,
        context,
      });
    }
    seeded.push(`${seedStudyResources.length} study resources`);
  }
  return seeded;
}
