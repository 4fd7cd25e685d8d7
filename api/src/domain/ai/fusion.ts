/**
 * How the assistant ranks (issue 38): each document's evidence, fused into one score by a
 * weighted blend. The weights were chosen on the tuning half of the evaluation set only
 * (api/test/ai/evaluation/tuning.json); the held-out half measures them. Where "nothing found"
 * starts is the library's own (calibrate-nothing-found.ts); calibrateThreshold, below, is the
 * best single score on labelled questions, the yardstick the bench compares it with.
 */

/**
 * A document's evidence for a question, each about 0–1: how close in meaning the question is to
 * what the document is about (its title, excerpt and category), to its closest section, and how
 * much of the question's weight its words carry (rare words weigh more; the lexical index's count).
 */
export type Signals = { about: number; section: number; coverage: number };

export type Weights = Record<keyof Signals, number>;

/** Chosen on the tuning half: what a document is about counts twice its closest section or its words. */
export const WEIGHTS: Weights = { about: 2, section: 1, coverage: 1 };

/** The weighted mean of the signals: comparable across the questions and documents of one library. */
export function fuse(signals: Signals, weights: Weights = WEIGHTS): number {
  let sum = 0;
  let total = 0;
  for (const key of Object.keys(weights) as (keyof Signals)[]) {
    sum += weights[key] * signals[key];
    total += weights[key];
  }
  return total === 0 ? 0 : sum / total;
}

/**
 * The threshold that best separates scores that should answer (`answers`) from scores that
 * should not (`refusals`): the one classifying most of them right, halfway between the two
 * neighbouring scores it falls between; on a tie, the higher (saying "nothing" beats a wrong answer).
 */
export function calibrateThreshold(answers: readonly number[], refusals: readonly number[]): number {
  if (answers.length === 0 && refusals.length === 0) throw new Error('Calibrating needs scores.');
  const all = [...new Set([...answers, ...refusals])].sort((a, b) => a - b);
  const candidates = [all[0]! - 1e-6, ...all.slice(1).map((s, i) => (s + all[i]!) / 2), all.at(-1)! + 1e-6];
  let best = candidates[0]!;
  let bestRight = -1;
  for (const t of candidates) {
    const right = answers.filter((s) => s >= t).length + refusals.filter((s) => s < t).length;
    if (right >= bestRight) {
      best = t;
      bestRight = right;
    }
  }
  return best;
}
