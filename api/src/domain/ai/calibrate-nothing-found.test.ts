import { describe, expect, it } from 'vitest';
import { backgroundOf, BACKGROUND_SHARE, calibrateNothingFound, quantile, standing } from './calibrate-nothing-found.ts';

describe('where "nothing found" starts, relative to the library', () => {
  it('takes a quantile between neighbouring values', () => {
    expect(quantile([3, 1, 2, 4, 5], 0.5)).toBe(3);
    expect(quantile([0, 10], 0.85)).toBeCloseTo(8.5, 10);
    expect(quantile([7], 0.85)).toBe(7);
    expect(() => quantile([], 0.5)).toThrow();
  });

  it('measures each document’s background: the mean and spread of its scores against the background questions', () => {
    // Two documents, three background questions: the second scores high against everything.
    const bg = backgroundOf([Float32Array.of(0.1, 0.5), Float32Array.of(0.2, 0.6), Float32Array.of(0.3, 0.7)], 2);
    expect(bg.mean[0]).toBeCloseTo(0.2, 6);
    expect(bg.mean[1]).toBeCloseTo(0.6, 6);
    expect(bg.spread[0]).toBeCloseTo(Math.sqrt(2 / 300), 6);
    // A document that scores the same against every question is not infinitely sensitive.
    expect(backgroundOf([[0.4], [0.4]], 1).spread[0]).toBeGreaterThan(0);
  });

  it('counts a question’s standing by the document that rises furthest above its own background, not the highest score', () => {
    const bg = { mean: Float64Array.of(0.2, 0.6), spread: Float64Array.of(0.05, 0.05) };
    // The second document scores higher (0.65) but only one spread above its usual; the first is four above its own.
    expect(standing([0.4, 0.65], bg)).toBeCloseTo(4, 6);
    expect(standing([0.2, 0.6], bg)).toBeCloseTo(0, 6);
  });

  it('needs a standing that all but the top share of background questions fall short of, so it moves with the library', () => {
    const small = Array.from({ length: 100 }, (_, i) => i / 50);
    const larger = small.map((x) => x + 1);
    expect(calibrateNothingFound(small)).toBeCloseTo(quantile(small, BACKGROUND_SHARE), 10);
    expect(calibrateNothingFound(larger) - calibrateNothingFound(small)).toBeCloseTo(1, 10);
    expect(small.filter((x) => x >= calibrateNothingFound(small)).length).toBe(Math.round(100 * (1 - BACKGROUND_SHARE)));
  });
});
