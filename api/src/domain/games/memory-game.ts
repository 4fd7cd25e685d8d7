import { flipCard, MEMORY_CARDS, MEMORY_MAX_SCORE, MEMORY_PAIRS, MEMORY_SYMBOLS, memoryComplete, memoryScore, NEW_MEMORY_GAME, shuffle, type MemoryProgress } from '@app/shared/browser';
import { z } from 'zod';
import { pick, type GameKind } from './game-kind.ts';

type MemoryDealt = { faces: string[] };
/** Every flip the server took, in order; two flips make one move. */
type MemoryStep = number;
const MemoryDealtSchema: z.ZodType<MemoryDealt> = z.object({ faces: z.array(z.string()).length(MEMORY_CARDS) });
const MemoryStepRecordSchema: z.ZodType<MemoryStep> = z.number().int().min(0).max(MEMORY_CARDS - 1);

function progressOf(deal: MemoryDealt, flips: number[]): MemoryProgress {
  return flips.reduce((p, card) => flipCard(p, card, (c) => deal.faces[c]!).progress, NEW_MEMORY_GAME);
}

/** Memory (spec 02 §4, §5): twelve cards, six pairs, shuffled by the server; the browser learns a face only by flipping it. */
export const memoryGame: GameKind<'memory', MemoryDealt, MemoryStep> = {
  dealSchema: MemoryDealtSchema,
  stepSchema: MemoryStepRecordSchema,
  deal(_index, random) {
    const symbols = pick(MEMORY_SYMBOLS, MEMORY_PAIRS, random);
    return { faces: shuffle([...symbols, ...symbols], random) };
  },
  visible: () => ({ game: 'memory', cards: MEMORY_CARDS }),
  step(deal, steps, input) {
    const { progress, outcome } = flipCard(progressOf(deal, steps), input.card, (c) => deal.faces[c]!);
    const result = { card: input.card, symbol: deal.faces[input.card]!, outcome, moves: progress.moves, matchedPairs: progress.matched.length / 2, complete: memoryComplete(progress) };
    return { result, record: outcome === 'ignored' ? null : input.card };
  },
  replay(deal, steps, input) {
    if (input.moves && input.moves.flat().join() !== steps.join()) return { ok: false, reason: 'These moves are not the ones played in this game.' };
    const progress = progressOf(deal, steps);
    if (!memoryComplete(progress)) return { ok: false, reason: `Find all ${MEMORY_PAIRS} pairs first.` };
    return { ok: true, score: memoryScore(progress.moves), maxScore: MEMORY_MAX_SCORE, correct: null, moves: progress.moves };
  },
};
