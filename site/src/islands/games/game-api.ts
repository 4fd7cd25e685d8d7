import { api, type Game } from '@app/shared/browser';
import type { GameDealOf, GameFinishInput, GameResult, GameStepInput, GameStepResultOf } from '@app/shared/schemas';
import { invalidateKeys } from '../../lib/queries';

/**
 * The games' calls (issue 21): the server deals, answers each step and scores the finish. Nothing
 * here computes a score; a saved result refreshes the leaderboard and badges.
 */
export function startGame<G extends Game>(game: G): Promise<GameDealOf[G]> {
  return api.post<GameDealOf[G]>(`/api/games/${game}/start`);
}

/** One step, typed by game: a quiz answer, a card to flip, a scramble guess. */
export function playStep<G extends Game>(game: G, step: GameStepInput[G]): Promise<GameStepResultOf[G]> {
  return api.post<GameStepResultOf[G]>(`/api/games/${game}/step`, step);
}

export async function finishGame(game: Game, finish: GameFinishInput): Promise<GameResult> {
  const result = await api.post<GameResult>(`/api/games/${game}/finish`, finish);
  if (result.saved) invalidateKeys((key) => key.startsWith('/api/games/'));
  return result;
}
