import type { Game } from '@app/shared/browser';
import type { GameKind } from './game-kind.ts';
import { memoryGame } from './memory-game.ts';
import { quizGame } from './quiz-game.ts';
import { scrambleGame } from './scramble-game.ts';

/** Every game the API deals, by its name in the path (/api/games/{game}/…). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind's deal and steps are its own; the registry only routes.
export const GAME_KINDS: Record<Game, GameKind<Game, any, any>> = { quiz: quizGame, memory: memoryGame, scramble: scrambleGame } as Record<Game, GameKind<Game, any, any>>;
