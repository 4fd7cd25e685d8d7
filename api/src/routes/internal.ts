import { timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import type { RebuildScheduler } from '../domain/deploy/rebuild-scheduler.ts';
import { AppError } from '../lib/app-error.ts';

const ContentChangedSchema = z.object({
  collection: z.string().max(64),
  operation: z.enum(['create', 'update', 'delete']),
  id: z.union([z.number(), z.string()]).optional(),
});

export function requireInternalSecret(secret: string): RequestHandler {
  const expected = Buffer.from(secret);
  return (req, _res, next) => {
    const given = Buffer.from(String(req.get('x-internal-secret') ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return next(new AppError('forbidden', 'Not allowed'));
    }
    next();
  };
}

/** Service-to-service calls; the front door refuses /api/internal from outside. */
export function internalRoutes(deps: { secret: string; content: ContentReadModel; rebuilds: RebuildScheduler }): Router {
  const r = Router();
  r.use(requireInternalSecret(deps.secret));
  r.post('/content-changed', async (req, res) => {
    const change = ContentChangedSchema.parse(req.body);
    req.log.info(change, 'CMS content changed');
    deps.content.refreshSoon();
    deps.rebuilds.request(`cms:${change.collection}`);
    res.status(202).json({ scheduled: true });
  });
  // Used by the start script: build now and answer with the outcome.
  r.post('/rebuild', async (req, res) => {
    const { trigger } = z.object({ trigger: z.string().max(64).default('manual') }).parse(req.body ?? {});
    res.json(await deps.rebuilds.runNow(trigger));
  });
  return r;
}
