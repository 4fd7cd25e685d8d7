import { randomBytes } from 'node:crypto';
import type { Game } from '@app/shared/browser';
import type { GameDealOf } from '@app/shared/schemas';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gamePlays } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentIndex } from '../content/content-index.ts';
import { takeAttempt, waitText } from '../rate-limit/attempts.ts';
import type { GameRules } from './game-kind.ts';
import { GAME_KINDS } from './game-kinds.ts';

/** Starts per member (or per address for visitors) in ten minutes: far above play, far below flooding. */
export const GAME_STARTS_PER_10_MIN = 120;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deals a new game (DESIGN §7.14): the server keeps the deal and its answer key with the play and
 * answers what the player may see. Members' and visitors' plays alike; only members' scores are kept.
 */
export async function startGame<G extends Game>(db: Db, index: ContentIndex, game: G, caller: UserRow | null, address: string, random: () => number = Math.random): Promise<Omit<GameDealOf[G], 'playId'> & { playId: string }> {
  const rules: GameRules<G> = GAME_KINDS[game];
  const deal = rules.deal(index, random);
  if (!deal) throw new AppError('unavailable', 'This game is being prepared. Please try again later.');
  const key = caller ? `game-start:user:${caller.id}` : `game-start:ip:${address}`;
  await takeAttempt(db, [{ key, max: GAME_STARTS_PER_10_MIN, windowMs: 10 * 60 * 1000 }], (s) => `You have started a lot of games. Please wait ${waitText(s)} and try again.`);
  const playId = randomBytes(16).toString('hex');
  await db.insert(gamePlays).values({ id: playId, game, userId: caller?.id ?? null, deal: deal.stored });
  // Plays left unfinished (a closed tab) are cleared now and then, not on every start.
  if (random() < 0.05) await db.delete(gamePlays).where(lt(gamePlays.startedAt, new Date(Date.now() - DAY_MS)));
  return { playId, ...deal.visible };
}
