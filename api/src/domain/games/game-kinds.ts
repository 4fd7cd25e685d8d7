import type { Game } from '@app/shared/browser';
import { defineGame, type GameRules } from './game-kind.ts';
import { memoryGame } from './memory-game.ts';
import { quizGame } from './quiz-game.ts';
import { scrambleGame } from './scramble-game.ts';

/** Every game the API deals, by its name in the path (/api/games/{game}/…): a new game is a file and a line here. */
export const GAME_KINDS: { [G in Game]: GameRules<G> } = { quiz: defineGame(quizGame), memory: defineGame(memoryGame), scramble: defineGame(scrambleGame) };
