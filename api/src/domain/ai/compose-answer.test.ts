import { toSnapshot, type CmsArticle, type ContentRecords } from '@app/shared/server';
import { describe, expect, it } from 'vitest';
import { buildContentIndex } from '../content/content-index.ts';
import { buildAssistantIndex } from './assistant-index.ts';
import { composeAnswer, nothingFound } from './compose-answer.ts';
import { termsOf } from './search-terms.ts';
import { sentenceEncoder } from './sentence-encoder.ts';

const category = { id: 1, slug: 'health', title: 'Health', description: '', icon: 'heart', colour: '#000' };
const article = (id: number, title: string, tier: 'free' | 'pro' | 'vip', html: string): CmsArticle => ({
  id, title, excerpt: `About ${title.toLowerCase()}.`, category, membershipRequired: tier, contentHtml: html, createdAt: '2026-01-01T00:00:00.000Z',
});
const records: ContentRecords = {
  categories: [category],
  articles: [
    article(1, 'Breathing for Calm', 'free', '<p>Slow breathing calms the nervous system.</p><h2>Box breathing</h2><p>Breathe in for four counts. Hold for four counts. Breathe out for four counts.</p><h2>When to use it</h2><p>Before a difficult call or after an argument.</p>'),
    article(2, 'Cold Showers and Resilience', 'pro', '<p>PRO-ONLY: a cold shower trains you to stay calm under stress.</p><p>Start with thirty seconds of cold water at the end.</p>'),
    article(3, 'Breathing Exercises for Sleep', 'vip', '<p>VIP-ONLY: the 4-7-8 breathing pattern slows the heart before sleep. Breathing out for longer than you breathe in calms you down.</p>'),
  ],
  videos: [],
  products: [{ id: 1, name: 'Calm Mind Mug', price: 1299, description: 'A stoneware mug with a breathing reminder inside the rim.', category: 'Home' }],
  membershipPlans: [],
};
const content = buildContentIndex(toSnapshot(records, '2026-01-01T00:00:00.000Z'));
const index = await buildAssistantIndex(content);
const free = { id: 1, tier: 'free', role: 'member', status: 'active' } as const;
const vip = { id: 2, tier: 'vip', role: 'member', status: 'active' } as const;

async function answer(text: string, viewer: typeof free | typeof vip | null) {
  const question = { terms: termsOf(text), meaning: await sentenceEncoder().encodeQuestion(text) };
  return composeAnswer(index, index.search(question), question, viewer, ['Health', 'Money']);
}

describe('composing the offline presenter’s answer', () => {
  it('quotes the best section of the most relevant article word for word, names it and links it first', async () => {
    const a = await answer('How do I do box breathing?', free);
    expect(a.sources[0]).toEqual({ title: 'Breathing for Calm', url: '/articles/1' });
    expect(a.text).toBe('From “Breathing for Calm”: “Breathe in for four counts. Hold for four counts. Breathe out for four counts.”');
  });

  it('names further relevant sources after the first, marking those the asker may not read', async () => {
    const a = await answer('Tell me about breathing', free);
    expect(a.sources).toHaveLength(2);
    expect(a.sources).toContainEqual({ title: 'Breathing for Calm', url: '/articles/1' });
    expect(a.sources).toContainEqual({ title: 'Breathing Exercises for Sleep', url: '/articles/3', locked: 'vip' });
    expect(a.text).not.toContain('VIP-ONLY');
  });

  it('names a locked article, its tier and its link, and quotes not a word of it', async () => {
    const a = await answer('Do cold showers build resilience?', free);
    expect(a.sources[0]).toEqual({ title: 'Cold Showers and Resilience', url: '/articles/2', locked: 'pro' });
    expect(a.text).toBe('“Cold Showers and Resilience” covers this, and it is for Pro members. Upgrade your membership to read it.');
    expect(a.text).not.toMatch(/PRO-ONLY|thirty seconds|About cold/);
    expect((await answer('Do cold showers build resilience?', null)).text).not.toMatch(/PRO-ONLY|thirty seconds/);
  });

  it('quotes the same article to someone whose tier reads it', async () => {
    const a = await answer('Do cold showers build resilience?', vip);
    expect(a.sources[0]).toEqual({ title: 'Cold Showers and Resilience', url: '/articles/2' });
    expect(a.text).toContain('PRO-ONLY: a cold shower trains you to stay calm under stress.');
  });

  it('answers from products too', async () => {
    const a = await answer('Do you sell a mug?', free);
    expect(a.sources[0]).toEqual({ title: 'Calm Mind Mug', url: '/store/1' });
  });

  it('says it has nothing rather than guessing from a stray everyday word', async () => {
    for (const q of ['How do I change a tyre on my bicycle?', 'When?', 'What time is it in Tokyo?']) {
      expect(await answer(q, vip)).toEqual(nothingFound(['Health', 'Money']));
    }
    expect(nothingFound(['Health', 'Money']).text).toBe("I couldn't find anything about that in our articles, videos, studies, store or policies, so I won't guess. Try asking about health or money.");
  });
});
