import type { Game } from '@app/shared/browser';
import type { GameStepInput, GameStepResultOf } from '@app/shared/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gamePlays } from '../../db/schema/index.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { GameRules } from './game-kind.ts';
import { GAME_KINDS } from './game-kinds.ts';
import { openPlay } from './open-play.ts';

/** Answers one step of a play from the server's deal (a quiz answer, a card flip, a scramble guess) and records it. */
export async function playGameStep<G extends Game>(db: Db, game: G, caller: UserRow | null, input: GameStepInput[G]): Promise<GameStepResultOf[G]> {
  return db.transaction(async (tx) => {
    const play = await openPlay(tx, game, input.playId, caller);
    const rules: GameRules<G> = GAME_KINDS[game];
    const { result, record } = rules.step(play.deal, play.steps, input);
    if (record !== null) await tx.update(gamePlays).set({ steps: sql`${gamePlays.steps} || ${JSON.stringify([record])}::jsonb` }).where(eq(gamePlays.id, play.id));
    return result;
  });
}
