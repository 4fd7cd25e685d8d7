import type { Game } from '@app/shared/browser';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gamePlays } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The caller's play of this game, locked for the rest of the transaction so its steps are taken
 * one at a time. Another member's play, a visitor's play for a member (and the reverse), another
 * game's play and an unknown id are all "not found"; a finished play is over.
 */
export async function openPlay(tx: Tx, game: Game, playId: string, caller: UserRow | null) {
  const [play] = await tx.select().from(gamePlays).where(eq(gamePlays.id, playId)).for('update');
  if (!play || play.game !== game || play.userId !== (caller?.id ?? null)) throw new AppError('not_found', 'Play not found. Start a new game.');
  if (play.status !== 'playing') throw new AppError('conflict', 'This game is over. Start a new game.');
  return play;
}
