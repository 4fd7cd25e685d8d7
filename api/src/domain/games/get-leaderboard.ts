import { LEADERBOARD_SIZE, LEADERBOARD_WEEK_MS } from '@app/shared/browser';
import type { Leaderboard, LeaderboardEntry, LeaderboardQuery } from '@app/shared/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../accounts/user-dto.ts';

type Row = { user_id: number; rank: string; place: string; display_name: string | null; avatar_url: string | null; score: number; max_score: number; moves: number | null; played_at: Date };

/** Shown for members who never chose a display name: never their username or address. */
export const UNNAMED_PLAYER = 'Member';

/**
 * GET /api/games/leaderboard (DESIGN §7.10): each member's best stored score of the game in the
 * period, the top ten, and the caller's own best and rank. Equal scores share a rank (memory:
 * fewer moves first); the earlier score is listed first. Banned members and deleted accounts
 * (marked deleted, or gone with their scores) are left out.
 */
export async function getLeaderboard(db: Db, query: LeaderboardQuery, caller: UserRow | null, now = new Date()): Promise<Leaderboard> {
  const since = query.period === 'week' ? new Date(now.getTime() - LEADERBOARD_WEEK_MS) : new Date(0);
  const { rows } = await db.execute<Row>(sql`
    with best as (
      select distinct on (s.user_id) s.user_id, s.score, s.max_score, s.moves, s.played_at
        from app.game_scores s
        join app.users u on u.id = s.user_id and u.account_status <> 'banned' and u.deleted_at is null
       where s.game = ${query.game} and s.played_at >= ${since.toISOString()}
       order by s.user_id, s.score desc, s.moves asc nulls last, s.played_at asc
    ), ranked as (
      select best.*, rank() over (order by score desc, moves asc nulls last) as rank,
             row_number() over (order by score desc, moves asc nulls last, played_at asc) as place
        from best
    )
    select r.user_id, r.rank, r.place, u.display_name, u.avatar_url, r.score, r.max_score, r.moves, r.played_at
      from ranked r join app.users u on u.id = r.user_id
     where r.place <= ${LEADERBOARD_SIZE} or r.user_id = ${caller?.id ?? 0}
     order by r.place`);
  const entry = (r: Row): LeaderboardEntry => ({
    rank: Number(r.rank),
    displayName: r.display_name?.trim() || UNNAMED_PLAYER,
    avatarUrl: r.avatar_url || null,
    score: r.score,
    maxScore: r.max_score,
    moves: r.moves,
    playedAt: new Date(r.played_at).toISOString(),
  });
  const mine = caller ? rows.find((r) => r.user_id === caller.id) : undefined;
  const top = rows.filter((r) => Number(r.place) <= LEADERBOARD_SIZE);
  const me = mine ? { rank: Number(mine.rank), score: mine.score, maxScore: mine.max_score, moves: mine.moves, playedAt: new Date(mine.played_at).toISOString() } : null;
  return { game: query.game, period: query.period, entries: top.map(entry), me };
}
