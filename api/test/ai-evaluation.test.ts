import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Viewer } from '@app/shared/browser';
import { toSnapshot } from '@app/shared/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerQuestion } from '../src/domain/ai/answer-question.ts';
import { htmlBlocks } from '../src/domain/ai/assistant-documents.ts';
import { assistantIndexFor, READS_ALL } from '../src/domain/ai/assistant-index.ts';
import { BACKGROUND_QUESTIONS } from '../src/domain/ai/background-questions.ts';
import { BACKGROUND_SHARE } from '../src/domain/ai/calibrate-nothing-found.ts';
import { termsOf } from '../src/domain/ai/search-terms.ts';
import { sentenceEncoder } from '../src/domain/ai/sentence-encoder.ts';
import { buildContentIndex, type ContentIndex } from '../src/domain/content/content-index.ts';
import { seedRecords } from './seed-content.ts';

// The assistant's evaluation (issue 38 #5): 150 questions written from the article titles alone,
// split once by hash into a tuning half (ranking and threshold chosen on it) and a held-out half
// (never tuned on: it measures). The encoder's model loads once for the file.
type EvaluationSet = { questions: { question: string; article: string }[]; nothingOnIt: string[] };
const half = (name: string) => JSON.parse(readFileSync(new URL(`./ai/evaluation/${name}.json`, import.meta.url), 'utf8')) as EvaluationSet;
const tuning = half('tuning');
const heldOut = half('held-out');

/**
 * The held-out half's first-source accuracy (as a VIP, who may read everything) may not fall below
 * this. Measured: 27.3% with the lexical ranker alone, 54.5% with meaning fused in (issue 38).
 */
const HELD_OUT_FLOOR = 0.5;

const vip: Viewer = { id: 1, tier: 'vip', role: 'member', status: 'active' };
const free: Viewer = { id: 2, tier: 'free', role: 'member', status: 'active' };
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

let content: ContentIndex;
beforeAll(async () => {
  content = buildContentIndex(toSnapshot(await seedRecords(), '2026-01-01T00:00:00.000Z'));
  // Every reader's index is built before answers are timed (the visitors' and free members' share one).
  await Promise.all([answerQuestion(content, vip, 'warm up', null), answerQuestion(content, free, 'warm up', null)]);
}, 180_000);

function article(title: string) {
  const a = [...content.articles.values()].find((x) => x.summary.title === title);
  if (!a) throw new Error(`no seeded article "${title}"`);
  return a;
}

/** The article's readable text, as one string, to check quotes against. */
function articleText(title: string): string {
  const a = article(title);
  const lesson = a.interactiveData ? [...a.interactiveData.keyPoints, ...(a.interactiveData.experiment ? [a.interactiveData.experiment.description, ...a.interactiveData.experiment.steps, a.interactiveData.experiment.conclusion] : [])] : [];
  return squash([...htmlBlocks(a.content).map((b) => b.text), ...lesson].join(' '));
}

/** The quoted sentences of an answer ("From “T”: “…”"). */
function quotedSentences(text: string): string[] {
  const m = /^From “.*?”: “([\s\S]*)”$/.exec(text);
  return m ? m[1]!.split(' … ').map((s) => s.replace(/^… /, '')) : [];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** Asks every question of a set as `viewer`: how many name the right article first, the misses, and the answer times. */
async function run(set: EvaluationSet, viewer: Viewer) {
  const times: number[] = [];
  const misses: string[] = [];
  for (const { question, article: title } of set.questions) {
    const started = performance.now();
    const answer = await answerQuestion(content, viewer, question, null);
    times.push(performance.now() - started);
    if (answer.sources[0]?.title !== title) {
      misses.push(`${question} → ${answer.sources[0]?.title ?? 'nothing'} (expected ${title})`);
      continue;
    }
    // Quoted word for word from that article, and only from it.
    const body = articleText(title);
    const quoted = quotedSentences(answer.text);
    expect(quoted.length, answer.text).toBeGreaterThan(0);
    for (const sentence of quoted) expect(body, `quoted in answer to "${question}"`).toContain(squash(sentence).replace(/\.$/, ''));
  }
  return { accuracy: (set.questions.length - misses.length) / set.questions.length, misses, times: times.sort((a, b) => a - b) };
}

describe('the offline presenter on questions members ask about the seeded articles', () => {
  it(`names the right article first for at least ${HELD_OUT_FLOOR * 100}% of the held-out half, quoting only that article`, async () => {
    const held = await run(heldOut, vip);
    const tuned = await run(tuning, vip);
    const times = [...held.times, ...tuned.times].sort((a, b) => a - b);
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    console.log(`AI evaluation (as VIP): held-out ${pct(held.accuracy)} of ${heldOut.questions.length}, tuning ${pct(tuned.accuracy)} of ${tuning.questions.length} right first source; answer time p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`);
    if (held.misses.length) console.log(`held-out misses:\n  ${held.misses.join('\n  ')}`);
    expect(held.accuracy).toBeGreaterThanOrEqual(HELD_OUT_FLOOR);
  }, 120_000);

  it('says it has nothing on questions the site does not cover (every one of the tuning half, nine in ten held out), offering the closest categories instead', async () => {
    const categories = [...content.categories.values()].map((c) => c.title.toLowerCase());
    const answered: string[] = [];
    for (const question of [...tuning.nothingOnIt, ...heldOut.nothingOnIt]) {
      const answer = await answerQuestion(content, vip, question, null);
      if (answer.sources.length) {
        answered.push(`${question} → ${answer.sources[0]!.title}`);
        continue;
      }
      const offered = /^I couldn't find anything about that in our articles, videos, studies, store or policies, so I won't guess\. Try asking about (.+)\.$/.exec(answer.text);
      expect(offered, answer.text).not.toBeNull();
      expect(categories.filter((c) => offered![1]!.includes(c)).length, answer.text).toBe(3);
    }
    if (answered.length) console.log(`answered though the site has nothing on it:\n  ${answered.join('\n  ')}`);
    expect(answered.filter((a) => tuning.nothingOnIt.some((q) => a.startsWith(q)))).toEqual([]);
    expect(answered.length).toBeLessThanOrEqual(Math.floor(heldOut.nothingOnIt.length / 10));
  }, 60_000);

  it('measures where "nothing found" starts from the library\'s own background: as far as all but the top share of everyday questions stand out', async () => {
    const index = await assistantIndexFor(content, READS_ALL);
    expect(Number.isFinite(index.nothingBelow)).toBe(true);
    const encoder = sentenceEncoder();
    const hits = await Promise.all(BACKGROUND_QUESTIONS.map(async (q) => index.search({ terms: termsOf(q), meaning: await encoder.encodeQuestion(q) }, 1)[0]!));
    const measured = hits.filter((h) => h.specific);
    const above = measured.filter((h) => h.standing >= index.nothingBelow).length;
    expect(Math.abs(above - (1 - BACKGROUND_SHARE) * measured.length)).toBeLessThanOrEqual(1);
  }, 60_000);

  it('never quotes a Pro or VIP body to a free member or a visitor, asked every way: its questions, its title, its excerpt, follow-ups', async () => {
    const locked = [...content.articles.values()].filter((a) => a.summary.membershipRequired !== 'free');
    const lockedSentences = locked.flatMap((a) => articleText(a.summary.title).split(/(?<=[.!?])\s+/)).filter((s) => s.length > 25).map((s) => s.replace(/\.$/, ''));
    expect(lockedSentences.length).toBeGreaterThan(50);
    const questions = [...tuning.questions, ...heldOut.questions];
    for (const a of locked) {
      const { title, excerpt } = a.summary;
      const asked = [...questions.filter((q) => q.article === title).map((q) => q.question), title, excerpt];
      for (const viewer of [free, null]) {
        for (const [text, previous] of [...asked.map((q) => [q, null] as const), [`And what about the details of ${title}?`, asked[0]!] as const]) {
          const answer = await answerQuestion(content, viewer, text, previous);
          for (const sentence of lockedSentences) expect(answer.text, `answer to "${text}"`).not.toContain(sentence);
          if (answer.sources[0]?.title === title) {
            expect(answer.sources[0]).toEqual({ title, url: `/articles/${a.summary.id}`, locked: a.summary.membershipRequired });
            expect(answer.text).toContain(`“${title}” covers this`);
          }
        }
      }
    }
  }, 120_000);
});

describe('the evaluation set itself', () => {
  it('shares no word with the title or headings of the article that answers each question, and keeps the split by hash', async () => {
    const records = await seedRecords();
    for (const [name, set] of [['tuning', tuning], ['held-out', heldOut]] as const) {
      for (const { question, article: title } of set.questions) {
        const a = records.articles.find((x) => x.title === title)!;
        const forbidden = new Set(termsOf([title, ...htmlBlocks(a.contentHtml ?? '').map((b) => b.heading ?? '')].join(' ')));
        expect(termsOf(question).filter((t) => forbidden.has(t)), question).toEqual([]);
      }
      for (const q of [...set.questions.map((x) => x.question), ...set.nothingOnIt]) {
        expect(createHash('sha256').update(q).digest()[0]! % 2 === 0 ? 'tuning' : 'held-out', q).toBe(name);
      }
    }
    expect(tuning.questions.length + heldOut.questions.length).toBe(150);
  });
});
