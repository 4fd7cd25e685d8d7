import { describe, expect, it } from 'vitest';
import { acceptsFlip, earnedBadges, flipCard, isScrambleAnswer, longestDayStreak, memoryComplete, memoryScore, memoryVerdict, NEW_MEMORY_GAME, scoreVerdict, scrambleWord, type MemoryProgress } from './games.ts';

// A board where cards 2k and 2k+1 match.
const face = (card: number) => String(Math.floor(card / 2));
const flips = (cards: number[], from: MemoryProgress = NEW_MEMORY_GAME) => cards.reduce((p, c) => flipCard(p, c, face).progress, from);

describe('memory', () => {
  it('counts one move per pair attempt, match or not', () => {
    expect(flips([0, 2]).moves).toBe(1);
    expect(flips([0, 2, 0, 1]).moves).toBe(2);
    expect(flips([0]).moves).toBe(0);
  });

  it('keeps a matched pair revealed and leaves a mismatched pair up until the next flip', () => {
    const matched = flipCard(flips([0]), 1, face);
    expect(matched.outcome).toBe('match');
    expect(matched.progress).toEqual({ open: [], matched: [0, 1], moves: 1 });
    const missed = flipCard(flips([0]), 2, face);
    expect(missed.outcome).toBe('mismatch');
    expect(missed.progress.open).toEqual([0, 2]);
  });

  it('ignores a click on a face-up card, a found card, a third card, and cards off the board', () => {
    expect(flipCard(flips([0]), 0, face).outcome).toBe('ignored');
    expect(flipCard(flips([0, 1]), 1, face).outcome).toBe('ignored');
    expect(acceptsFlip(flips([0, 2]), 4)).toBe(false);
    expect(acceptsFlip(flips([0]), 12)).toBe(false);
    expect(acceptsFlip(flips([0]), -1)).toBe(false);
    expect(flipCard(flips([0]), 0, face).progress).toEqual(flips([0]));
  });

  it('completes when all six pairs are found', () => {
    const all = flips([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(memoryComplete(all)).toBe(false);
    expect(memoryComplete(flipCard(all, 11, face).progress)).toBe(true);
  });

  it('calls at most 8 moves amazing and at most 12 great, and scores 100 for six moves', () => {
    expect([6, 8, 9, 12, 13].map(memoryVerdict)).toEqual(['amazing', 'amazing', 'great', 'great', 'keep-going']);
    expect([6, 8, 12, 26, 40].map(memoryScore)).toEqual([100, 90, 70, 0, 0]);
  });
});

describe('quiz and scramble results', () => {
  it('is perfect at 100%, great from 60%, and encouragement below', () => {
    expect([5, 4, 3, 2, 0].map((s) => scoreVerdict(s, 5))).toEqual(['perfect', 'great', 'great', 'keep-going', 'keep-going']);
  });

  it('compares scramble answers upper-cased', () => {
    expect(isScrambleAnswer('garden', 'GARDEN')).toBe(true);
    expect(isScrambleAnswer(' Garden ', 'GARDEN')).toBe(true);
    expect(isScrambleAnswer('GARDENS', 'GARDEN')).toBe(false);
    expect(isScrambleAnswer('DANGER', 'GARDEN')).toBe(false);
  });

  it('scrambles a word into its own letters, never the word itself', () => {
    let n = 0;
    const random = () => [0.99, 0.99, 0.99, 0.99, 0.99, 0.5, 0.1, 0.3][n++ % 8]!;
    for (let i = 0; i < 20; i++) {
      const s = scrambleWord('habit', random);
      expect(s).not.toBe('HABIT');
      expect([...s].sort().join('')).toBe('ABHIT');
    }
    expect(scrambleWord('aaa')).toBe('AAA');
  });
});

describe('badges', () => {
  const none = { games: 0, perfectQuiz: false, memoryBestMoves: null, perfectScramble: false, gamesPlayed: 0, playDays: [] };
  it('are earned from stored scores', () => {
    expect(earnedBadges(none)).toEqual([]);
    expect(earnedBadges({ ...none, games: 1, gamesPlayed: 1, memoryBestMoves: 9 })).toEqual(['first-game']);
    expect(earnedBadges({ games: 3, perfectQuiz: true, memoryBestMoves: 8, perfectScramble: true, gamesPlayed: 3, playDays: ['2026-01-01'] })).toEqual(['first-game', 'quiz-ace', 'sharp-memory', 'word-wizard', 'all-rounder']);
  });

  it('needs seven days in a row for the streak', () => {
    const week = ['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'];
    expect(longestDayStreak(week)).toBe(7);
    expect(longestDayStreak(week.filter((d) => d !== '2026-03-01'))).toBe(3);
    expect(longestDayStreak([...week, ...week])).toBe(7);
    expect(earnedBadges({ ...none, games: 7, gamesPlayed: 1, playDays: week })).toContain('week-streak');
  });
});
