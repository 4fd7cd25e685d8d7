import type { GameBadges } from '@app/shared/schemas';
import type { Db } from '../../db/client.ts';
import { requireUser } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { badgesOf } from './badges-of.ts';

/** GET /api/games/badges: the signed-in member's badges (the games page and the profile show them). */
export async function listGameBadges(db: Db, caller: UserRow | null): Promise<GameBadges> {
  return { earned: await badgesOf(db, requireUser(caller).id) };
}
