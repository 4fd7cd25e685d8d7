import type { Game } from '@app/shared/browser';
import type { GameDealOf, GameFinishInput, GameStepInput, GameStepResultOf } from '@app/shared/schemas';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import type { ContentIndex } from '../content/content-index.ts';

/** A finished play as the server replayed it from its own record. */
export type Replayed = { ok: true; score: number; maxScore: number; correct: number | null; moves: number | null } | { ok: false; reason: string };

/**
 * One game's rules on the server (a file per game, listed in game-kinds.ts): deal from the
 * content, answer a step from the deal, replay a finished play. `Deal` and `Step` are stored with
 * the play (jsonb) and never leave the server.
 */
export type GameKind<G extends Game, Deal, Step> = {
  /** What a stored deal and step look like: a play's jsonb is read back through these, never cast. */
  dealSchema: z.ZodType<Deal>;
  stepSchema: z.ZodType<Step>;
  /** A new deal, or null when the CMS holds too little content for one. */
  deal(index: ContentIndex, random: () => number): Deal | null;
  /** What the player may see of the deal. */
  visible(deal: Deal): Omit<GameDealOf[G], 'playId'>;
  /** The verdict for one step, and the step to record (null: nothing happened). Throws AppError for a step that cannot be taken. */
  step(deal: Deal, steps: Step[], input: GameStepInput[G]): { result: GameStepResultOf[G]; record: Step | null };
  /** The score of the play from the recorded steps; what the browser sent must agree with them. */
  replay(deal: Deal, steps: Step[], input: GameFinishInput): Replayed;
};

/**
 * A game as the registry holds it: its own Deal and Step types closed inside, so the registry is
 * typed by game alone (`GameRules<'quiz'>`) and the routes need no cast. Stored deals and steps
 * come back through the game's schemas; a play whose record does not read is over.
 */
export type GameRules<G extends Game> = {
  deal(index: ContentIndex, random: () => number): { stored: unknown; visible: Omit<GameDealOf[G], 'playId'> } | null;
  step(stored: unknown, steps: unknown, input: GameStepInput[G]): { result: GameStepResultOf[G]; record: unknown };
  replay(stored: unknown, steps: unknown, input: GameFinishInput): Replayed;
};

export function defineGame<G extends Game, Deal, Step>(kind: GameKind<G, Deal, Step>): GameRules<G> {
  const read = (stored: unknown, steps: unknown): { deal: Deal; steps: Step[] } => {
    const deal = kind.dealSchema.safeParse(stored);
    const taken = kind.stepSchema.array().safeParse(steps);
    if (!deal.success || !taken.success) throw new AppError('conflict', 'This game can no longer be played. Start a new game.');
    return { deal: deal.data, steps: taken.data };
  };
  return {
    deal(index, random) {
      const dealt = kind.deal(index, random);
      return dealt === null ? null : { stored: dealt, visible: kind.visible(dealt) };
    },
    step(stored, steps, input) {
      const play = read(stored, steps);
      return kind.step(play.deal, play.steps, input);
    },
    replay(stored, steps, input) {
      const play = read(stored, steps);
      return kind.replay(play.deal, play.steps, input);
    },
  };
}

/** Picks `n` distinct items at random. */
export function pick<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}
