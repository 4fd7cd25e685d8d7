import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backyardSlug, BACKYARD_ARTICLE_COUNT } from '@app/shared/browser';
import { seedActivities } from '../src/seed/seed-activities';
import { startPayload } from './payload-test';

let ctx: Awaited<ReturnType<typeof startPayload>>;
beforeAll(async () => {
  ctx = await startPayload();
});
afterAll(async () => ctx?.close());

const all = async <C extends 'quiz-questions' | 'scramble-words' | 'study-resources' | 'backyard-articles'>(collection: C) => (await ctx.payload.find({ collection, pagination: false, overrideAccess: true })).docs;

describe('games, studies and backyard content', () => {
  it('is seeded once into empty collections: enough for games that rarely repeat, 15 backyard articles, 7 studies in demo mode', async () => {
    expect(await seedActivities(ctx.payload, { withStudies: false })).toEqual(['32 quiz questions', '42 scramble words', '15 backyard articles']);
    expect(await all('study-resources')).toHaveLength(0);
    expect(await seedActivities(ctx.payload, { withStudies: true })).toEqual(['7 study resources']);
    expect(await seedActivities(ctx.payload, { withStudies: true })).toEqual([]);

    const questions = await all('quiz-questions');
    expect(questions.length).toBeGreaterThanOrEqual(30);
    for (const q of questions) expect(q.options).toHaveLength(4);
    expect((await all('scramble-words')).length).toBeGreaterThanOrEqual(40);
    const backyard = await all('backyard-articles');
    expect(backyard).toHaveLength(BACKYARD_ARTICLE_COUNT);
    expect(new Set(backyard.map((a) => backyardSlug(a.title))).size).toBe(BACKYARD_ARTICLE_COUNT);
    for (const a of backyard) expect(a.contentHtml).toMatch(/<h2>|<p>/);
    const studies = await all('study-resources');
    expect(studies).toHaveLength(7);
    expect(studies.filter((s) => s.isPremium).length).toBeGreaterThan(0);
  });

  it('is not readable by visitors: answer keys, premium videos and Pro bodies live there', async () => {
    for (const collection of ['quiz-questions', 'scramble-words', 'study-resources', 'backyard-articles'] as const) {
      await expect(ctx.payload.find({ collection, overrideAccess: false, limit: 1 })).rejects.toThrow(/not allowed/i);
    }
  });

  it('refuses a backyard title whose address another article has', async () => {
    const [first] = await all('backyard-articles');
    await expect(ctx.payload.create({ collection: 'backyard-articles', data: { title: `${first!.title.toUpperCase()}!`, summary: 'Same address', content: first!.content }, context: { skipNotify: true } })).rejects.toThrow(/invalid: Title/);
  });

  it('keeps scramble words to single words of letters, upper-cased', async () => {
    const doc = await ctx.payload.create({ collection: 'scramble-words', data: { word: ' sunflower ', hint: 'Tall and yellow' }, context: { skipNotify: true } });
    expect(doc.word).toBe('SUNFLOWER');
    await expect(ctx.payload.create({ collection: 'scramble-words', data: { word: 'two words' }, context: { skipNotify: true } })).rejects.toThrow(/invalid: Word/);
  });

  it('tells the API when an editor changes a quiz question', async () => {
    const [q] = await all('quiz-questions');
    const before = ctx.signals.length;
    await ctx.payload.update({ collection: 'quiz-questions', id: q!.id, data: { question: 'Edited?' } });
    expect((await ctx.waitForSignals(before + 1)).slice(before)).toEqual([{ collection: 'quiz-questions', operation: 'update', id: q!.id }]);
  });
});
