import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AiTalk, Viewer } from '@app/shared/browser';
import { toSnapshot } from '@app/shared/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../src/domain/ai/answer-question.ts';
import { assistantIndexFor, READS_ALL, readerOf } from '../src/domain/ai/assistant-index.ts';
import { BACKGROUND_QUESTIONS } from '../src/domain/ai/background-questions.ts';
import { buildContentIndex, type ContentIndex } from '../src/domain/content/content-index.ts';
import { generatedArticles } from './ai/generated-library.ts';
import { browserClient } from './browser-client.ts';
import { appForThisFile } from './file-app.ts';
import { seedRecords } from './seed-content.ts';

// "Nothing found" on a large, varied library (issue 47 #14): the demo content plus a few hundred
// generated articles on topics it does not cover (api/test/ai/generated-library.ts). Questions on
// neither must be answered "nothing found"; questions on the generated topics must be answered,
// from an article of the right topic. The questions are split by hash; the held-out half was never
// looked at while choosing how "nothing found" is calibrated, and it is held to the bar on its own.
type Generated = {
  questions: { question: string; topic: string }[];
  nothingOnIt: string[];
};
const evaluation = (name: string) => JSON.parse(readFileSync(new URL(`./ai/evaluation/${name}.json`, import.meta.url), 'utf8')) as Generated & { questions: { article?: string }[] };
const generated = evaluation('generated') as Generated;
const seedHalves = [evaluation('tuning'), evaluation('held-out')] as unknown as { nothingOnIt: string[]; questions: { question: string }[] }[];
const heldOut = (q: string) => createHash('sha256').update(q).digest()[0]! % 2 === 1;

/** The size of the library: a few hundred imported articles, as the issue met it. */
const GENERATED = 300;
const articles = generatedArticles(GENERATED);
const topicOf = new Map(articles.map((a) => [a.title, a.topic]));
const records = await seedRecords(articles);
const t = appForThisFile({ records: () => records });
const vip: Viewer = { id: 1, tier: 'vip', role: 'member', status: 'active' };
const NOTHING = /^I couldn't find anything about that in our articles, videos, studies, store or policies, so I won't guess\./;

let content: ContentIndex;
// The library's meaning is encoded once for the file (the encoder caches it): the app's own index then builds quickly.
beforeAll(async () => {
  content = buildContentIndex(toSnapshot(records, '2026-01-01T00:00:00.000Z'));
  await assistantIndexFor(content, READS_ALL);
}, 1_800_000);

describe('the assistant on a library of the demo content and 300 generated articles', () => {
  it('answers "nothing found" to questions on topics neither covers (at most one in ten; the held-out half apart)', async () => {
    const answered: string[] = [];
    for (const question of generated.nothingOnIt) {
      const answer = await answerQuestion(content, vip, question, null);
      if (answer.sources.length) answered.push(`${heldOut(question) ? 'held-out' : 'tuning'}: ${question} → ${answer.sources[0]!.title}`);
      else expect(answer.text).toMatch(NOTHING);
    }
    if (answered.length) console.log(`answered though the library has nothing on it:\n  ${answered.join('\n  ')}`);
    expect(answered.length, answered.join('\n')).toBeLessThanOrEqual(Math.floor(generated.nothingOnIt.length / 10));
    const heldOutQuestions = generated.nothingOnIt.filter(heldOut);
    expect(answered.filter((a) => a.startsWith('held-out')).length).toBeLessThanOrEqual(Math.floor(heldOutQuestions.length / 10));
  }, 300_000);

  it('answers the questions on the generated topics from an article of that topic (seven in ten; eight in ten of the held-out half)', async () => {
    const wrong: { question: string; line: string }[] = [];
    for (const { question, topic } of generated.questions) {
      const answer = await answerQuestion(content, vip, question, null);
      const first = answer.sources[0]?.title;
      if (!first || topicOf.get(first) !== topic) wrong.push({ question, line: `${question} → ${first ?? 'nothing'} (expected ${topic})` });
    }
    if (wrong.length) console.log(`on-topic questions not answered from their topic:\n  ${wrong.map((w) => w.line).join('\n  ')}`);
    expect(wrong.length).toBeLessThanOrEqual(Math.floor(generated.questions.length * 0.3));
    const heldOutQuestions = generated.questions.filter((q) => heldOut(q.question));
    expect(wrong.filter((w) => heldOut(w.question)).length).toBeLessThanOrEqual(Math.floor(heldOutQuestions.length * 0.2));
  }, 300_000);

  it('says so through POST /api/ai/talk: a squeaky door hinge finds nothing, a swarm of bees finds the beekeeping articles', async () => {
    let address = 0;
    const ask = async (text: string): Promise<AiTalk> => {
      const c = browserClient(t.app.base);
      const created = await c.post('/api/ai/talk', { text, presenter_id: 'local-maya' }, { 'x-forwarded-for': `203.0.113.${++address}` });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return (await c.get(`/api/ai/talk/${created.body.id}`)).body;
    };
    // The app's own index for a signed-out reader is ready first, as the server prepares every
    // reader's index on each content change (server.ts, prepareAssistant). Without it, an index
    // another file's app left in this worker (the API's files share a module graph) stands in
    // while this one builds — an index of a library without these articles.
    await assistantIndexFor(t.app.content.current(), readerOf(null));
    const hinge = await ask('How do I fix a squeaky door hinge?');
    expect(hinge.answer.sources).toEqual([]);
    expect(hinge.answer.text).toMatch(NOTHING);
    const bees = await ask('My bees flew off in a big cloud and landed on a tree branch. How do I get them back?');
    expect(topicOf.get(bees.answer.sources[0]?.title ?? '')).toBe('beekeeping');
    expect(bees.answer.text).toMatch(/^From “/);
  }, 900_000);
});

describe('the background the assistant calibrates against', () => {
  it('holds none of the evaluation questions', () => {
    const asked = new Set([...generated.nothingOnIt, ...generated.questions.map((q) => q.question), ...seedHalves.flatMap((h) => [...h.nothingOnIt, ...h.questions.map((q) => q.question)])].map((q) => q.toLowerCase()));
    expect(BACKGROUND_QUESTIONS.filter((q) => asked.has(q.toLowerCase()))).toEqual([]);
  });
});
