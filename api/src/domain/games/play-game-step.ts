import type { Game } from '@app/shared/browser';
import type { GameStepInput, GameStepResultOf } from '@app/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gamePlays } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { GAME_KINDS } from './game-kinds.ts';
import { openPlay } from './open-play.ts';

/** Answers one step of a play from the server's deal (a quiz answer, a card flip, a scramble guess) and records it. */
export async function playGameStep<G extends Game>(db: Db, game: G, caller: UserRow | null, input: GameStepInput[G]): Promise<GameStepResultOf[G]> {
  return db.transaction(async (tx) => {
    const play = await openPlay(tx, game, input.playId, caller);
    const steps = play.steps as unknown[];
    const { result, record } = GAME_KINDS[game].step(play.deal, steps, input);
    if (record !== null) await tx.update(gamePlays).set({ steps: [...steps, record] }).where(eq(gamePlays.id, play.id));
    return result as GameStepResultOf[G];
  });
}
