import type { Game } from '@app/shared/browser';
import type { GameFinishInput, GameResult } from '@app/shared/schemas';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gamePlays, gameScores } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { badgesOf } from './badges-of.ts';
import { GAME_KINDS } from './game-kinds.ts';
import { openPlay } from './open-play.ts';

/**
 * Ends a play (DESIGN §7.10, §7.14): the server replays its own record of the play and keeps the
 * score for a signed-in member; the browser's claims must agree with that record. A play ends
 * once: a replayed, forged, reused or foreign play id scores nothing, and a play whose finish
 * disagrees with its record is void. Visitors' plays are deleted, never scored.
 */
export async function finishGame(db: Db, game: Game, caller: UserRow | null, input: GameFinishInput): Promise<GameResult> {
  const outcome = await db.transaction(async (tx) => {
    const play = await openPlay(tx, game, input.playId, caller);
    const replayed = GAME_KINDS[game].replay(play.deal, play.steps, input);
    if (!replayed.ok) {
      await tx.update(gamePlays).set({ status: 'void', finishedAt: new Date() }).where(eq(gamePlays.id, play.id));
      return replayed;
    }
    if (caller) {
      await tx.insert(gameScores).values({ userId: caller.id, game, score: replayed.score, maxScore: replayed.maxScore, moves: replayed.moves });
      await tx.update(gamePlays).set({ status: 'finished', finishedAt: new Date() }).where(eq(gamePlays.id, play.id));
    } else {
      await tx.delete(gamePlays).where(eq(gamePlays.id, play.id));
    }
    return replayed;
  });
  if (!outcome.ok) throw new AppError('bad_request', `${outcome.reason} This game scores nothing.`);
  const { score, maxScore, correct, moves } = outcome;
  return { game, score, maxScore, correct, moves, saved: caller !== null, badges: caller ? await badgesOf(db, caller.id) : null };
}
