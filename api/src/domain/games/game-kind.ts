import type { Game } from '@app/shared/browser';
import type { GameDealOf, GameFinishInput, GameStepInput, GameStepResultOf } from '@app/shared/schemas';
import type { ContentIndex } from '../content/content-index.ts';

/** A finished play as the server replayed it from its own record. */
export type Replayed = { ok: true; score: number; maxScore: number; correct: number | null; moves: number | null } | { ok: false; reason: string };

/**
 * One game's rules on the server (a file per game, listed in game-kinds.ts): deal from the
 * content, answer a step from the deal, replay a finished play. `Deal` and `Step` are stored with
 * the play (jsonb) and never leave the server.
 */
export type GameKind<G extends Game, Deal, Step> = {
  /** A new deal, or null when the CMS holds too little content for one. */
  deal(index: ContentIndex, random: () => number): Deal | null;
  /** What the player may see of the deal. */
  visible(deal: Deal): Omit<GameDealOf[G], 'playId'>;
  /** The verdict for one step, and the step to record (null: nothing happened). Throws AppError for a step that cannot be taken. */
  step(deal: Deal, steps: Step[], input: GameStepInput[G]): { result: GameStepResultOf[G]; record: Step | null };
  /** The score of the play from the recorded steps; what the browser sent must agree with them. */
  replay(deal: Deal, steps: Step[], input: GameFinishInput): Replayed;
};

/** Picks `n` distinct items at random. */
export function pick<T>(items: readonly T[], n: number, random: () => number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
}
