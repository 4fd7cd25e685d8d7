// Fun & Games (spec 02 §2, §4, §5, §9): the three games' rules and constants, the results' wording
// thresholds and the badges. Zod-free: the API deals, answers and replays with these; the
// islands show the same rules. The server keeps every answer key (DESIGN §7.14).

export const GAMES = ['quiz', 'memory', 'scramble'] as const;
export type Game = (typeof GAMES)[number];

export const GAME_LABELS: Record<Game, string> = { quiz: 'Quiz', memory: 'Memory', scramble: 'Word Scramble' };

/** Spec 02 §9. */
export const QUIZ_QUESTIONS_PER_GAME = 5;
export const QUIZ_OPTIONS = 4;
export const MEMORY_PAIRS = 6;
export const MEMORY_CARDS = MEMORY_PAIRS * 2;
export const MEMORY_FLIP_BACK_MS = 1000;
export const MEMORY_AMAZING_MOVES = 8;
export const MEMORY_GREAT_MOVES = 12;
export const SCRAMBLE_WORDS_PER_GAME = 5;
/** Quiz and scramble: this share of right answers or more is "great". */
export const GREAT_SHARE = 0.6;

/**
 * The faces of the memory cards; each game deals six of them, twice each. Each is the name of an
 * icon the site ships (Lucide, drawn as SVG), not an emoji: emoji depend on the device's fonts and
 * show as empty boxes where it has none. The name is also what a screen reader hears.
 */
export const MEMORY_SYMBOLS = ['sprout', 'sun', 'book-open', 'flower', 'target', 'lightbulb', 'waves', 'clover', 'bike', 'palette', 'flame', 'star'] as const;
export type MemorySymbol = (typeof MEMORY_SYMBOLS)[number];

/** A quiz or scramble result, as the results screen words it. */
export type ScoreVerdict = 'perfect' | 'great' | 'keep-going';
export function scoreVerdict(score: number, maxScore: number): ScoreVerdict {
  if (maxScore > 0 && score >= maxScore) return 'perfect';
  return maxScore > 0 && score / maxScore >= GREAT_SHARE ? 'great' : 'keep-going';
}

export type MemoryVerdict = 'amazing' | 'great' | 'keep-going';
export function memoryVerdict(moves: number): MemoryVerdict {
  if (moves <= MEMORY_AMAZING_MOVES) return 'amazing';
  return moves <= MEMORY_GREAT_MOVES ? 'great' : 'keep-going';
}

/**
 * Memory's score, so the three leaderboards rank alike (higher is better): 100 for the six moves
 * of a flawless game, 5 fewer for each move beyond, never below 0.
 */
export const MEMORY_MAX_SCORE = 100;
export function memoryScore(moves: number): number {
  return Math.max(0, MEMORY_MAX_SCORE - Math.max(0, moves - MEMORY_PAIRS) * 5);
}

/** Scramble: the answer counts when it is the word, upper-cased (spec 02 §4); spaces around are not typed on purpose. */
export function isScrambleAnswer(guess: string, original: string): boolean {
  return guess.trim().toUpperCase() === original.trim().toUpperCase();
}

/** The word's letters in another order (never the word itself, unless all its letters are the same). */
export function scrambleWord(word: string, random: () => number = Math.random): string {
  const letters = [...word.toUpperCase()];
  if (new Set(letters).size < 2) return letters.join('');
  for (;;) {
    const shuffled = shuffle(letters, random).join('');
    if (shuffled !== letters.join('')) return shuffled;
  }
}

/** Fisher–Yates, on a copy. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Memory play (spec 02 §4, §5): which cards are face up, which pairs are found, and the moves —
 * each pair attempt is one move. `open` holds the first card of a pair, or a mismatched pair
 * still showing (the browser turns it back after MEMORY_FLIP_BACK_MS).
 */
export type MemoryProgress = { open: number[]; matched: number[]; moves: number };
export type FlipOutcome = 'ignored' | 'first' | 'match' | 'mismatch';
export const NEW_MEMORY_GAME: MemoryProgress = { open: [], matched: [], moves: 0 };

/** Whether the browser takes a click: not while two cards are up, and not on a card that is up or found. */
export function acceptsFlip(p: MemoryProgress, card: number): boolean {
  return Number.isInteger(card) && card >= 0 && card < MEMORY_CARDS && p.open.length < 2 && !p.open.includes(card) && !p.matched.includes(card);
}

/**
 * One flip. `faceOf` gives a card's symbol: the server's deal, or what the server told the
 * browser. The server has no timer: a mismatched pair is turned back at the next flip.
 */
export function flipCard(p: MemoryProgress, card: number, faceOf: (card: number) => string): { progress: MemoryProgress; outcome: FlipOutcome } {
  const current = p.open.length === 2 ? { ...p, open: [] } : p;
  if (!acceptsFlip(current, card)) return { progress: p, outcome: 'ignored' };
  const [first] = current.open;
  if (first === undefined) return { progress: { ...current, open: [card] }, outcome: 'first' };
  const moves = current.moves + 1;
  if (faceOf(first) === faceOf(card)) return { progress: { open: [], matched: [...current.matched, first, card], moves }, outcome: 'match' };
  return { progress: { ...current, open: [first, card], moves }, outcome: 'mismatch' };
}

export function memoryComplete(p: MemoryProgress): boolean {
  return p.matched.length === MEMORY_CARDS;
}

export const LEADERBOARD_PERIODS = ['week', 'all'] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = { week: 'This week', all: 'All time' };
export const LEADERBOARD_SIZE = 10;
/** "This week" is the last seven days, whenever one looks. */
export const LEADERBOARD_WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** Badges earned from stored scores (issue 21), in the order the page shows them; `icon` names a shipped icon, as the memory faces do. */
export const BADGES = [
  { id: 'first-game', title: 'First Game', description: 'Finish any game while signed in.', icon: 'party-popper' },
  { id: 'quiz-ace', title: 'Quiz Ace', description: `Answer all ${QUIZ_QUESTIONS_PER_GAME} quiz questions right.`, icon: 'brain' },
  { id: 'sharp-memory', title: 'Sharp Memory', description: `Clear the memory board in ${MEMORY_AMAZING_MOVES} moves or fewer.`, icon: 'layers' },
  { id: 'word-wizard', title: 'Word Wizard', description: `Unscramble all ${SCRAMBLE_WORDS_PER_GAME} words in one game.`, icon: 'whole-word' },
  { id: 'all-rounder', title: 'All-Rounder', description: 'Finish each of the three games.', icon: 'medal' },
  { id: 'week-streak', title: '7-Day Streak', description: 'Play on seven days in a row.', icon: 'flame' },
] as const;
export type BadgeId = (typeof BADGES)[number]['id'];
export type Badge = (typeof BADGES)[number];

/** What badges are decided from: a member's stored scores, summed up. */
export type ScoreFacts = { games: number; perfectQuiz: boolean; memoryBestMoves: number | null; perfectScramble: boolean; gamesPlayed: number; playDays: string[] };

/** The longest run of consecutive days in a list of `YYYY-MM-DD` dates. */
export function longestDayStreak(days: readonly string[]): number {
  const sorted = [...new Set(days)].sort();
  let best = 0;
  let run = 0;
  let previous: number | null = null;
  for (const day of sorted) {
    const t = Date.parse(`${day}T00:00:00Z`);
    run = previous !== null && t - previous === 86_400_000 ? run + 1 : 1;
    best = Math.max(best, run);
    previous = t;
  }
  return best;
}

export function earnedBadges(f: ScoreFacts): BadgeId[] {
  const earned: Record<BadgeId, boolean> = {
    'first-game': f.games > 0,
    'quiz-ace': f.perfectQuiz,
    'sharp-memory': f.memoryBestMoves !== null && f.memoryBestMoves <= MEMORY_AMAZING_MOVES,
    'word-wizard': f.perfectScramble,
    'all-rounder': f.gamesPlayed >= GAMES.length,
    'week-streak': longestDayStreak(f.playDays) >= 7,
  };
  return BADGES.map((b) => b.id).filter((id) => earned[id]);
}
