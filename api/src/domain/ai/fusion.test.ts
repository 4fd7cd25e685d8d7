import { describe, expect, it } from 'vitest';
import { calibrateThreshold, fuse, WEIGHTS } from './fusion.ts';

describe('fusing a document’s evidence into one score', () => {
  it('is the weighted mean of its signals, what the document is about counting double', () => {
    expect(WEIGHTS).toEqual({ about: 2, section: 1, coverage: 1 });
    expect(fuse({ about: 0.5, section: 0.3, coverage: 0.1 })).toBeCloseTo((2 * 0.5 + 0.3 + 0.1) / 4, 10);
    expect(fuse({ about: 1, section: 1, coverage: 1 })).toBeCloseTo(1, 10);
    expect(fuse({ about: 0, section: 0, coverage: 0 })).toBe(0);
  });

  it('ranks a document close in meaning but sharing no word above one sharing a stray word and nothing of the meaning', () => {
    const byMeaning = fuse({ about: 0.5, section: 0.45, coverage: 0 });
    const byStrayWord = fuse({ about: 0.05, section: 0.1, coverage: 0.5 });
    expect(byMeaning).toBeGreaterThan(byStrayWord);
  });

  it('takes other weights: words alone, or meaning alone', () => {
    const signals = { about: 0.2, section: 0.6, coverage: 0.9 };
    expect(fuse(signals, { about: 0, section: 0, coverage: 1 })).toBeCloseTo(0.9, 10);
    expect(fuse(signals, { about: 1, section: 1, coverage: 0 })).toBeCloseTo(0.4, 10);
  });
});

describe('calibrating the threshold below which the assistant says it has nothing', () => {
  it('lies between the lowest score that should answer and the highest that should not, when they are apart', () => {
    const t = calibrateThreshold([0.42, 0.5, 0.61], [0.12, 0.2, 0.3]);
    expect(t).toBeCloseTo((0.3 + 0.42) / 2, 10);
  });

  it('classifies most scores right when they overlap, and on a tie prefers the higher threshold (saying nothing beats a wrong answer)', () => {
    // 0.35 should answer but sits among the refusals: any threshold gets one wrong; the highest such wins.
    expect(calibrateThreshold([0.35, 0.5, 0.6], [0.2, 0.3, 0.4])).toBeCloseTo((0.4 + 0.5) / 2, 10);
    // Two of three refusals above the answers' lowest: the threshold leaves that answer out.
    expect(calibrateThreshold([0.3, 0.7, 0.8], [0.4, 0.45, 0.1])).toBeCloseTo((0.45 + 0.7) / 2, 10);
  });

  it('answers every score of a set with only answers, and refuses every score of a set with only refusals', () => {
    expect(calibrateThreshold([0.3, 0.4], [])).toBeLessThanOrEqual(0.3);
    expect(calibrateThreshold([], [0.3, 0.4])).toBeGreaterThan(0.4);
    expect(() => calibrateThreshold([], [])).toThrow();
  });
});
