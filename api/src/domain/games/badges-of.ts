import { earnedBadges, type BadgeId } from '@app/shared/browser';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The badges a member has earned, decided from their stored scores (days in UTC). */
export async function badgesOf(db: Db, userId: number): Promise<BadgeId[]> {
  const { rows } = await db.execute<{ games: string; perfect_quiz: boolean | null; memory_best: number | null; perfect_scramble: boolean | null; games_played: string; days: string[] | null }>(sql`
    select count(*) as games,
           bool_or(game = 'quiz' and score >= max_score) as perfect_quiz,
           min(moves) filter (where game = 'memory') as memory_best,
           bool_or(game = 'scramble' and score >= max_score) as perfect_scramble,
           count(distinct game) as games_played,
           array_agg(distinct to_char(played_at at time zone 'UTC', 'YYYY-MM-DD')) as days
      from app.game_scores where user_id = ${userId}`);
  const r = rows[0]!;
  return earnedBadges({
    games: Number(r.games),
    perfectQuiz: Boolean(r.perfect_quiz),
    memoryBestMoves: r.memory_best === null ? null : Number(r.memory_best),
    perfectScramble: Boolean(r.perfect_scramble),
    gamesPlayed: Number(r.games_played),
    playDays: r.days?.filter(Boolean) ?? [],
  });
}
