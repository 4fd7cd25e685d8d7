import { readFileSync } from 'node:fs';
import { toSnapshot } from '@app/shared/server';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../src/domain/ai/answer-question.ts';
import { htmlBlocks } from '../src/domain/ai/assistant-documents.ts';
import { buildContentIndex, type ContentIndex } from '../src/domain/content/content-index.ts';
import { seedRecords } from './seed-content.ts';

type EvaluationSet = { questions: { question: string; article: string }[]; nothingOnIt: string[] };
const evaluation = JSON.parse(readFileSync(new URL('./ai/evaluation-set.json', import.meta.url), 'utf8')) as EvaluationSet;

const vip = { id: 1, tier: 'vip', role: 'member', status: 'active' } as const;
const free = { id: 2, tier: 'free', role: 'member', status: 'active' } as const;
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The article's readable text, as one string, to check quotes against. */
function articleText(content: ContentIndex, title: string): string {
  const a = [...content.articles.values()].find((x) => x.summary.title === title);
  if (!a) throw new Error(`no seeded article "${title}"`);
  const lesson = a.interactiveData ? [...a.interactiveData.keyPoints, ...(a.interactiveData.experiment ? [a.interactiveData.experiment.description, ...a.interactiveData.experiment.steps, a.interactiveData.experiment.conclusion] : [])] : [];
  return squash([...htmlBlocks(a.content).map((b) => b.text), ...lesson].join(' '));
}

/** The quoted sentences of an answer ("From “T”: “…”"), each without the full stop a list item may have been given. */
function quotedSentences(text: string): string[] {
  const m = /^From “.*?”: “([\s\S]*)”$/.exec(text);
  if (!m) return [];
  return m[1]!.split(' … ').map((s) => s.replace(/^… /, ''));
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

describe('the offline presenter on questions about the seeded articles', () => {
  it(`names the right article first for at least 90% of ${evaluation.questions.length} questions, quoting only that article`, async () => {
    const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
    await answerQuestion(content, vip, 'warm up', null); // the index is built on the first question; time the answers, not the build
    const times: number[] = [];
    const misses: string[] = [];
    for (const { question, article } of evaluation.questions) {
      const started = performance.now();
      const answer = await answerQuestion(content, vip, question, null);
      times.push(performance.now() - started);
      if (answer.sources[0]?.title !== article) {
        misses.push(`${question} → ${answer.sources[0]?.title ?? 'nothing'} (expected ${article})`);
        continue;
      }
      const body = articleText(content, article);
      const quoted = quotedSentences(answer.text);
      expect(quoted.length, answer.text).toBeGreaterThan(0);
      for (const sentence of quoted) expect(body, `quoted in answer to "${question}"`).toContain(squash(sentence).replace(/\.$/, ''));
    }
    times.sort((a, b) => a - b);
    const hitRate = (evaluation.questions.length - misses.length) / evaluation.questions.length;
    console.log(`AI evaluation: ${evaluation.questions.length - misses.length}/${evaluation.questions.length} right first source (${(hitRate * 100).toFixed(1)}%); answer time p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms`);
    if (misses.length) console.log(`misses:\n  ${misses.join('\n  ')}`);
    expect(hitRate).toBeGreaterThanOrEqual(0.9);
  });

  it('says it has nothing on questions the site does not cover, instead of guessing', async () => {
    const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
    for (const question of evaluation.nothingOnIt) {
      const answer = await answerQuestion(content, vip, question, null);
      expect(answer.sources, question).toEqual([]);
      expect(answer.text).toMatch(/^I couldn't find anything about that/);
    }
  });

  it('never gives a free member a sentence of a Pro or VIP body, whatever is asked', async () => {
    const content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
    const locked = [...content.articles.values()].filter((a) => a.summary.membershipRequired !== 'free');
    const lockedSentences = locked.flatMap((a) => articleText(content, a.summary.title).split(/(?<=[.!?])\s+/)).filter((s) => s.length > 25);
    expect(lockedSentences.length).toBeGreaterThan(50);
    for (const { question, article } of evaluation.questions) {
      const answer = await answerQuestion(content, free, question, null);
      for (const sentence of lockedSentences) expect(answer.text, `answer to "${question}"`).not.toContain(sentence.replace(/\.$/, ''));
      const expected = locked.find((a) => a.summary.title === article);
      if (expected && answer.sources[0]?.title === article) {
        expect(answer.sources[0]).toMatchObject({ url: `/articles/${expected.summary.id}`, locked: expected.summary.membershipRequired });
        expect(answer.text).toContain(`“${article}” covers this`);
      }
    }
  });
});
