import { GAMES } from '@app/shared/browser';
import { index, integer, jsonb, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { app } from './content.ts';

/**
 * One game being played (DESIGN §7.14): the server's deal (answer key included) and every step it
 * answered. Visitors' plays have no user and are deleted when they finish; unfinished plays are
 * cleared after a day.
 */
export const gamePlays = app.table(
  'game_plays',
  {
    /** 128 random bits in hex: the play id the browser holds. */
    id: text('id').primaryKey(),
    game: text('game', { enum: GAMES }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    deal: jsonb('deal').notNull(),
    steps: jsonb('steps').notNull().default([]),
    status: text('status', { enum: ['playing', 'finished', 'void'] }).notNull().default('playing'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('game_plays_started_idx').on(t.startedAt)],
);

/** A signed-in member's finished game, scored by the server from its own record of the play. */
export const gameScores = app.table(
  'game_scores',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    game: text('game', { enum: GAMES }).notNull(),
    score: integer('score').notNull(),
    maxScore: integer('max_score').notNull(),
    /** Memory's pair attempts; null for the other games. */
    moves: integer('moves'),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('game_scores_game_score_idx').on(t.game, t.score), index('game_scores_user_idx').on(t.userId, t.playedAt)],
);
