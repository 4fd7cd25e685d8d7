// Fun & Games over HTTP: POST /api/games/{game}/start|step|finish and the leaderboard. The browser
// sees what a player may see; the deal and the answer key stay on the server (DESIGN §7.14).
import { z } from 'zod';
import { GAMES, LEADERBOARD_PERIODS, MEMORY_CARDS, QUIZ_OPTIONS, QUIZ_QUESTIONS_PER_GAME, SCRAMBLE_WORDS_PER_GAME, type BadgeId, type FlipOutcome, type Game, type LeaderboardPeriod } from './games.ts';

export const GameSchema = z.enum(GAMES, { error: 'game must be quiz, memory or scramble' });

/** 128 random bits in hex, given out by start; anything else names no play. */
export const PlayIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'Play not found');

export const QuizStepSchema = z.object({
  playId: PlayIdSchema,
  question: z.number().int().min(0).max(QUIZ_QUESTIONS_PER_GAME - 1),
  answer: z.number().int().min(0).max(QUIZ_OPTIONS - 1),
});
export const MemoryStepSchema = z.object({ playId: PlayIdSchema, card: z.number().int().min(0).max(MEMORY_CARDS - 1) });
export const ScrambleStepSchema = z.object({
  playId: PlayIdSchema,
  word: z.number().int().min(0).max(SCRAMBLE_WORDS_PER_GAME - 1),
  guess: z.string().trim().min(1, 'Type your answer first').max(40),
});
export type QuizStepInput = z.infer<typeof QuizStepSchema>;
export type MemoryStepInput = z.infer<typeof MemoryStepSchema>;
export type ScrambleStepInput = z.infer<typeof ScrambleStepSchema>;
export const GameStepSchemas = { quiz: QuizStepSchema, memory: MemoryStepSchema, scramble: ScrambleStepSchema } as const;
export type GameStepInput = { quiz: QuizStepInput; memory: MemoryStepInput; scramble: ScrambleStepInput };

/**
 * The end of a play: what the browser believes happened (quiz answers, scramble guesses, memory's
 * pairs of flips). The server replays its own record of the play and scores that; anything sent
 * as a score is not read (unknown keys are dropped).
 */
export const GameFinishSchema = z.object({
  playId: PlayIdSchema,
  answers: z.array(z.union([z.number().int().min(0).max(QUIZ_OPTIONS - 1), z.string().max(40)])).max(SCRAMBLE_WORDS_PER_GAME).optional(),
  moves: z.array(z.tuple([z.number().int().min(0).max(MEMORY_CARDS - 1), z.number().int().min(0).max(MEMORY_CARDS - 1)])).max(500).optional(),
});
export type GameFinishInput = z.infer<typeof GameFinishSchema>;

export const LeaderboardQuerySchema = z.object({ game: GameSchema.default('quiz'), period: z.enum(LEADERBOARD_PERIODS, { error: 'period must be week or all' }).default('week') });
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

/** What start answers: the play's id and what the player may see of the deal. */
export type QuizDeal = { game: 'quiz'; playId: string; questions: { question: string; options: string[] }[] };
export type MemoryDeal = { game: 'memory'; playId: string; cards: number };
export type ScrambleDeal = { game: 'scramble'; playId: string; words: { scrambled: string; hint: string }[] };
export type GameDeal = QuizDeal | MemoryDeal | ScrambleDeal;
export type GameDealOf = { quiz: QuizDeal; memory: MemoryDeal; scramble: ScrambleDeal };

/** What step answers, per game. */
export type QuizStepResult = { correct: boolean; correctAnswer: number };
export type MemoryStepResult = { card: number; symbol: string; outcome: FlipOutcome; moves: number; matchedPairs: number; complete: boolean };
export type ScrambleStepResult = { correct: boolean; answer: string };
export type GameStepResultOf = { quiz: QuizStepResult; memory: MemoryStepResult; scramble: ScrambleStepResult };

/** What finish answers: the server's score; `saved` only for signed-in members, with their badges then. */
export type GameResult = { game: Game; score: number; maxScore: number; correct: number | null; moves: number | null; saved: boolean; badges: BadgeId[] | null };

export type LeaderboardEntry = { rank: number; displayName: string; avatarUrl: string | null; score: number; maxScore: number; moves: number | null; playedAt: string };
export type Leaderboard = { game: Game; period: LeaderboardPeriod; entries: LeaderboardEntry[]; me: (Omit<LeaderboardEntry, 'displayName' | 'avatarUrl'>) | null };
export type GameBadges = { earned: BadgeId[] };
