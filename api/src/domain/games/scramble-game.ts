import { isScrambleAnswer, SCRAMBLE_WORDS_PER_GAME, scrambleWord } from '@app/shared/browser';
import { AppError } from '../../lib/app-error.ts';
import { z } from 'zod';
import { pick, type GameKind } from './game-kind.ts';

type ScrambleDealt = { words: { word: string; hint: string; scrambled: string }[] };
type ScrambleStep = { word: number; guess: string };
const ScrambleDealtSchema: z.ZodType<ScrambleDealt> = z.object({ words: z.array(z.object({ word: z.string(), hint: z.string(), scrambled: z.string() })) });
const ScrambleStepRecordSchema: z.ZodType<ScrambleStep> = z.object({ word: z.number().int(), guess: z.string() });

/** Word scramble (spec 02 §4): five words from the CMS's pool, letters shuffled; one guess each, compared upper-cased. */
export const scrambleGame: GameKind<'scramble', ScrambleDealt, ScrambleStep> = {
  dealSchema: ScrambleDealtSchema,
  stepSchema: ScrambleStepRecordSchema,
  deal(index, random) {
    if (index.scrambleWords.length < SCRAMBLE_WORDS_PER_GAME) return null;
    return { words: pick(index.scrambleWords, SCRAMBLE_WORDS_PER_GAME, random).map(({ word, hint }) => ({ word, hint, scrambled: scrambleWord(word, random) })) };
  },
  visible: (deal) => ({ game: 'scramble', words: deal.words.map(({ scrambled, hint }) => ({ scrambled, hint })) }),
  step(deal, steps, input) {
    if (steps.some((s) => s.word === input.word)) throw new AppError('conflict', 'This word has been answered already.');
    const { word } = deal.words[input.word]!;
    return { result: { correct: isScrambleAnswer(input.guess, word), answer: word }, record: { word: input.word, guess: input.guess.toUpperCase() } };
  },
  replay(deal, steps, input) {
    const guesses = new Map(steps.map((s) => [s.word, s.guess]));
    for (const [i, sent] of (input.answers ?? []).entries()) {
      if (typeof sent !== 'string') return { ok: false, reason: 'These answers are not answers to this game.' };
      const recorded = guesses.get(i);
      if (recorded !== undefined && !isScrambleAnswer(sent, recorded)) return { ok: false, reason: 'These answers are not the ones given during the game.' };
      guesses.set(i, sent.trim().toUpperCase());
    }
    if (guesses.size !== deal.words.length) return { ok: false, reason: `Answer all ${deal.words.length} words first.` };
    const correct = deal.words.filter((w, i) => isScrambleAnswer(guesses.get(i)!, w.word)).length;
    return { ok: true, score: correct, maxScore: deal.words.length, correct, moves: null };
  },
};
