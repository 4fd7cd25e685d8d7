import { timingSafeEqual } from 'node:crypto';
import { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import type { DeploymentLog } from '../domain/deploy/deployment-log.ts';
import type { RebuildScheduler } from '../domain/deploy/rebuild-scheduler.ts';
import { CmsSecondFactorResetSchema, CmsSignInAttemptSchema, CmsSignInRefundSchema, CmsSignInSucceededSchema, ReviewRequestedSchema, SiteAdminsQuerySchema, type ReviewRequestedAnswer, type SiteAdminsAnswer } from '@app/shared/schemas';
import { RestartProgressSchema } from '@app/supervisor/restart-protocol';
import type { Db } from '../db/client.ts';
import { cmsSecondFactorReset } from '../domain/cms-sign-in/cms-second-factor-reset.ts';
import { cmsPasswordRight, cmsSignInSucceeded } from '../domain/cms-sign-in/cms-sign-in-succeeded.ts';
import { identifySiteAdmin } from '../domain/cms-sign-in/identify-site-admin.ts';
import { siteAdminsAmong } from '../domain/cms-sign-in/site-admins-among.ts';
import { takeCmsSignInAttempt } from '../domain/cms-sign-in/take-cms-sign-in-attempt.ts';
import { notifyReviewRequested, type ReviewRequestDeps } from '../domain/notifications/notify-review-requested.ts';
import { AppError } from '../lib/app-error.ts';
import { forwardedViews, type ReadingDeps } from './reading.ts';
import type { UserReader } from './session-cookie.ts';

const ContentChangedSchema = z.object({
  collection: z.string().max(64),
  operation: z.enum(['create', 'update', 'delete']),
  id: z.union([z.number(), z.string()]).optional(),
});

/**
 * Our services call each other directly on their private addresses; anything that came through
 * a public proxy (the front door and Caddy always add X-Forwarded-For) is refused even with
 * the right secret, so the secret alone never opens these routes from outside.
 */
export function requireInternalSecret(secret: string): RequestHandler {
  const expected = Buffer.from(secret);
  return (req, _res, next) => {
    if (req.headers['x-forwarded-for'] !== undefined) return next(new AppError('not_found', 'Not found'));
    const given = Buffer.from(String(req.get('x-internal-secret') ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return next(new AppError('forbidden', 'Not allowed'));
    }
    next();
  };
}

/** How often the content generation's feed repeats the current one (so a dead connection shows). */
const GENERATION_BEAT_MS = 15_000;

/** Service-to-service calls; the public proxies refuse /api/internal, and so does requireInternalSecret. */

export function internalRoutes(deps: { secret: string; db: Db; content: ContentReadModel; rebuilds: RebuildScheduler; readUser: UserReader; deployments: DeploymentLog; reviews: ReviewRequestDeps; reading: ReadingDeps }): Router {
  const r = Router();
  r.use(requireInternalSecret(deps.secret));
  // Reloads the read model now; a new content version schedules a rebuild (server.ts). The CMS
  // signals through PostgreSQL (integrations/content-change-listener.ts); this is for scripts.
  r.post('/content-changed', async (req, res) => {
    const change = ContentChangedSchema.parse(req.body);
    req.log.info(change, 'content change signalled');
    void deps.content.refresh();
    res.status(202).json({ scheduled: true });
  });
  // The content read model's generation, as a line; with `?follow=1`, the front door's feed of it
  // (issue 53 #2): the current one at once, a line for each new one as it comes into use (before any
  // request is answered from it), the current one again every 15 s, and the end when the API shuts
  // down. The door keeps the answers that name a generation (routes/send-validated.ts,
  // SHARED_ANSWER_HEADER) only while this feed is open and says that generation.
  r.get('/content-generation', (req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
    if (req.query.follow !== '1') return void res.end(`${deps.content.generation()}\n`);
    res.write(`${deps.content.generation()}\n`);
    const stop = deps.content.onGeneration((generation) => (generation === null ? res.end() : res.write(`${generation}\n`)));
    const beat = setInterval(() => res.write(`${deps.content.generation()}\n`), GENERATION_BEAT_MS).unref();
    res.once('close', () => {
      stop();
      clearInterval(beat);
    });
  });
  // The site build reads the same snapshot the API serves (without SITE_CONTENT_FILE: `astro dev`).
  r.get('/content-snapshot', (_req, res) => {
    res.json(deps.content.current().snapshot);
  });
  // The CMS's single sign-on: the site session in the forwarded cookies, if it is a site admin's.
  r.get('/site-admin', async (req, res) => {
    res.json(identifySiteAdmin(await deps.readUser(req)));
  });
  // The CMS, after a member's role, status or account changed: which of its linked users still administer.
  r.post('/site-admins', async (req, res) => {
    const answer: SiteAdminsAnswer = { ids: await siteAdminsAmong(deps.db, SiteAdminsQuerySchema.parse(req.body).ids) };
    res.json(answer);
  });
  // The CMS's password sign-ins, under the site's throttle (counted first; a success is taken back).
  r.post('/cms-sign-in/attempts', async (req, res) => {
    res.json({ attempt: await takeCmsSignInAttempt(deps.db, CmsSignInAttemptSchema.parse(req.body)) });
  });
  r.post('/cms-sign-in/succeeded', async (req, res) => {
    await cmsSignInSucceeded(deps.db, CmsSignInSucceededSchema.parse(req.body));
    res.json({ recorded: true });
  });
  // The password was right and the CMS asks for the second step: that attempt was no guess.
  r.post('/cms-sign-in/password-right', async (req, res) => {
    await cmsPasswordRight(deps.db, CmsSignInRefundSchema.parse(req.body));
    res.json({ recorded: true });
  });
  // A CMS admin reset a CMS user's authenticator (issue 52 #5): audited, and the user mailed.
  r.post('/cms-sign-in/second-factor-reset', async (req, res) => {
    res.json(await cmsSecondFactorReset(deps.reviews, CmsSecondFactorResetSchema.parse(req.body)));
  });
  // A contributor submitted an article for review in the CMS: its editors are told (issue 47 #13).
  r.post('/review-requested', async (req, res) => {
    const answer: ReviewRequestedAnswer = await notifyReviewRequested(deps.reviews, ReviewRequestedSchema.parse(req.body));
    res.json(answer);
  });
  // The supervisor's progress restarting the services a deployment changed (@app/supervisor/rolling-restart, with the schema it sends by).
  r.post('/deployments/:id/restart', async (req, res) => {
    const id = z.coerce.number().int().positive().max(2_147_483_647).parse(req.params.id);
    const { status, line } = RestartProgressSchema.parse(req.body);
    if (!(await deps.deployments.restartProgress(id, status, line))) throw new AppError('not_found', 'Deployment not found');
    res.json({ recorded: true });
  });
  // View beacons the front door answered, a batch at a time (routes/reading.ts).
  r.post('/views', forwardedViews(deps.reading));
  // Used by the start script: build now and answer with the outcome.
  r.post('/rebuild', async (req, res) => {
    const { trigger } = z.object({ trigger: z.string().max(64).default('manual') }).parse(req.body ?? {});
    res.json(await deps.rebuilds.runNow(trigger));
  });
  return r;
}
