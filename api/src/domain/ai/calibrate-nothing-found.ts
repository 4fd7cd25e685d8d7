/**
 * Where "nothing found" starts, relative to the library (issue 47 #14). A fixed score stops holding
 * as a library grows and changes: the more documents there are, the higher the best of them
 * scores against a question none of them is about, and some documents score high against almost
 * anything — a troubleshooting post ("Cloudy water? Here is what to do") is close in meaning to
 * every "How do I fix …?". So each index measures its own background when it is built: every
 * document's scores against everyday questions from every walk of life (background-questions.ts),
 * most of which no library answers. A question is about something in the library when some
 * document scores far above its own background (its standing, in standard deviations), further
 * than BACKGROUND_SHARE of the background questions manage in this library.
 */

/**
 * The share of background questions a question must outstand. Chosen on the tuning halves (the
 * seed's and the generated library's) only; the held-out halves measure it (docs/decisions.md).
 */
export const BACKGROUND_SHARE = 0.85;

/** Below this spread a document's background scores are taken as flat: a hair's difference is not a signal. */
const MIN_SPREAD = 1e-3;

/** The value below which `share` of `values` lie (linear between neighbours). */
export function quantile(values: readonly number[], share: number): number {
  if (values.length === 0) throw new Error('A quantile needs values.');
  const sorted = [...values].sort((a, b) => a - b);
  const at = share * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.min(low + 1, sorted.length - 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/** Each document's background: the mean and spread of its scores against the background questions. */
export type Background = { mean: Float64Array; spread: Float64Array };

/** From every background question's scores, one array per question, each in document order. */
export function backgroundOf(scores: readonly ArrayLike<number>[], documents: number): Background {
  const mean = new Float64Array(documents);
  const spread = new Float64Array(documents);
  for (const row of scores) for (let d = 0; d < documents; d++) mean[d]! += row[d]! / scores.length;
  for (const row of scores) for (let d = 0; d < documents; d++) spread[d]! += (row[d]! - mean[d]!) ** 2 / scores.length;
  for (let d = 0; d < documents; d++) spread[d] = Math.max(MIN_SPREAD, Math.sqrt(spread[d]!));
  return { mean, spread };
}

/** How far a question's most outstanding document scores above its own background, in its spreads. */
export function standing(scores: ArrayLike<number>, background: Background): number {
  let best = -Infinity;
  for (let d = 0; d < scores.length; d++) best = Math.max(best, (scores[d]! - background.mean[d]!) / background.spread[d]!);
  return best;
}

/** The standing a question needs in a library, from the standings its background questions reach there. */
export function calibrateNothingFound(backgroundStandings: readonly number[], share = BACKGROUND_SHARE): number {
  return quantile(backgroundStandings, share);
}
