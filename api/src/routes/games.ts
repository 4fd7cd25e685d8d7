import type { Game } from '@app/shared/browser';
import { GameFinishSchema, GameSchema, GameStepSchemas, LeaderboardQuerySchema } from '@app/shared/schemas';
import { Router, type Request } from 'express';
import type { Db } from '../db/client.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { finishGame } from '../domain/games/finish-game.ts';
import { getLeaderboard } from '../domain/games/get-leaderboard.ts';
import { listGameBadges } from '../domain/games/list-game-badges.ts';
import { playGameStep } from '../domain/games/play-game-step.ts';
import { startGame } from '../domain/games/start-game.ts';
import { AppError } from '../lib/app-error.ts';
import { noStore } from './no-store.ts';
import type { UserReader } from './session-cookie.ts';
import { anyone, signedIn } from './access.ts';

function gameParam(req: Request): Game {
  const game = GameSchema.safeParse(req.params.game);
  if (!game.success) throw new AppError('not_found', 'Game not found');
  return game.data;
}

/**
 * Fun & Games (issue 21): plays dealt, answered and scored by the server; the leaderboard of real
 * scores; a member's badges. Visitors play too (their scores are not kept).
 */
export function gameRoutes(deps: { db: Db; content: ContentReadModel; readUser: UserReader }): Router {
  const { db, readUser } = deps;
  const r = Router();

  r.get('/games/leaderboard', anyone, async (req, res) => {
    noStore(res);
    res.json(await getLeaderboard(db, LeaderboardQuerySchema.parse(req.query), await readUser(req)));
  });
  r.get('/games/badges', signedIn, async (req, res) => {
    noStore(res);
    res.json(await listGameBadges(db, await readUser(req)));
  });
  r.post('/games/:game/start', anyone, async (req, res) => {
    const game = gameParam(req);
    res.status(201).json(await startGame(db, deps.content.current(), game, await readUser(req), req.ip ?? 'unknown'));
  });
  r.post('/games/:game/step', anyone, async (req, res) => {
    const game = gameParam(req);
    const input = GameStepSchemas[game].parse(req.body);
    res.json(await playGameStep(db, game, await readUser(req), input));
  });
  r.post('/games/:game/finish', anyone, async (req, res) => {
    const game = gameParam(req);
    res.json(await finishGame(db, game, await readUser(req), GameFinishSchema.parse(req.body)));
  });
  return r;
}
