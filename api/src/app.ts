import { apiSecurityHeaders } from '@app/shared/security-headers';
import express from 'express';
import { composeAreas, type AppDeps, type Areas } from './compose-areas.ts';
import { answerHotReads } from './lib/hot-reads.ts';
import { answerHotWrites, jsonBody } from './lib/hot-writes.ts';
import { inOrder } from './lib/in-order.ts';
import { requestLogging } from './lib/request-logging.ts';
import { routeIndex, type Mount } from './routes/route-index.ts';
import { ADMIN_SECTION_ROUTERS } from './routes/admin/sections.ts';
import { healthRoutes } from './routes/health.ts';
import { githubWebhookRoute } from './routes/deploy.ts';
import { settingsRoutes } from './routes/settings.ts';
import { membershipRoutes, stripeWebhookRoute } from './routes/membership.ts';
import { orderRoutes } from './routes/orders.ts';
import { accountRoutes, currentUserHotRead } from './routes/accounts.ts';
import { secondFactorRoutes } from './routes/second-factor.ts';
import { securityRoutes } from './routes/security.ts';
import { commentRoutes } from './routes/comments.ts';
import { communityRoutes } from './routes/community.ts';
import { articleHotRead, contentRoutes } from './routes/content.ts';
import { previewRoutes } from './routes/preview.ts';
import { readingRoutes, viewBeaconHotWrite } from './routes/reading.ts';
import { videoRoutes } from './routes/videos.ts';
import { gameRoutes } from './routes/games.ts';
import { studyRoutes } from './routes/studies.ts';
import { backyardRoutes } from './routes/backyard.ts';
import { aiRoutes } from './routes/ai.ts';
import { profileRoutes } from './routes/profile.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { errorHandler, notFound } from './routes/error-handler.ts';
import { internalRoutes } from './routes/internal.ts';
import { loginRequired } from './routes/login-required.ts';
import { originCheck } from './routes/origin-check.ts';
import { refuseNul } from './routes/refuse-nul.ts';

export type { AppDeps } from './compose-areas.ts';

/**
 * Builds the HTTP app without listening; tests and server.ts both use this. server.ts composes the
 * areas itself (its jobs are built from them) and hands them over, so they are built once.
 */
export function createApp(deps: AppDeps, areas: Areas = composeAreas(deps)): express.Express {
  const { core } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', core.trustProxy ?? 'loopback');
  // Every answer's security headers, set in one go (the front door relays them as they are).
  // As a flat list of lines: name, value, name, value…
  const securityHeaders = Object.entries(apiSecurityHeaders({ https: core.publicUrl.startsWith('https:') })).flat();
  // The hottest signed-in reads, answered before Express with the same lines (lib/hot-reads.ts).
  answerHotReads(app, { logger: core.logger, securityHeaders, reads: { '/api/user': currentUserHotRead(areas.session), '/api/articles/:id': articleHotRead(areas.content) } });
  const origins = [core.publicUrl, ...(core.extraOrigins ?? [])];
  const reading = { content: areas.content.content, views: areas.content.views };
  // And the busiest write, the view beacon (lib/hot-writes.ts).
  answerHotWrites(app, { logger: core.logger, securityHeaders, origins, writes: { '/api/views': viewBeaconHotWrite(reading) } });
  const { recentErrors } = areas.ops;
  // One listener for every answer, not a closure per request.
  function noteServerError(this: express.Response) {
    const { req, statusCode: status, locals } = this;
    if (status >= 500) recentErrors.add({ at: new Date().toISOString(), requestId: String(req.id), method: req.method, path: req.path, status, message: String(locals.errorMessage ?? '') });
  }
  // Every request's own middleware, run as one layer (lib/in-order.ts).
  app.use(
    inOrder(
      (_req, res, next) => {
        for (let i = 0; i < securityHeaders.length; i += 2) res.setHeader(securityHeaders[i]!, securityHeaders[i + 1]!);
        next();
      },
      requestLogging(app, core.logger),
      (_req, res, next) => {
        res.on('finish', noteServerError);
        next();
      },
    ),
  );

  // Service-to-service calls come first: they carry the internal secret, not a browser origin.
  app.use('/api/internal', express.json({ limit: '100kb' }), refuseNul, internalRoutes({ ...areas.ops, reading }));
  // Stripe and GitHub sign the raw body: their webhooks are read before any JSON parsing (and have no browser Origin).
  app.use('/api/webhooks/stripe', stripeWebhookRoute(areas.payments));
  app.use('/api/webhooks/github', githubWebhookRoute(areas.ops));

  const api = express.Router();
  // Every /api router, each built from its area; each route says who may call it (routes/access.ts).
  // Looked up by the path's first segment (routes/route-index.ts), in this order within each.
  const mounts: Mount[] = [
    healthRoutes(areas.ops),
    accountRoutes(areas.accounts),
    secondFactorRoutes(areas.accounts),
    ...Object.values(ADMIN_SECTION_ROUTERS).map((router) => router(areas)),
    settingsRoutes(areas.content),
    membershipRoutes(areas.payments),
    orderRoutes(areas.store),
    commentRoutes(areas.community),
    communityRoutes(areas.community),
    videoRoutes(areas.content),
    contentRoutes(areas.content),
    previewRoutes(areas.content),
    readingRoutes(reading),
    gameRoutes(areas.content),
    studyRoutes(areas.content),
    backyardRoutes(areas.content),
    securityRoutes(areas.accounts),
    profileRoutes(areas.accounts),
    notificationRoutes({ db: areas.accounts.db, session: areas.session, internalSecret: deps.core.internalSecret, content: areas.content.content }),
    aiRoutes(areas.ai),
  ];
  const signInGate = loginRequired(areas.session, mounts);
  // The routes that need a session, as their declarations say (the tests read them here).
  app.locals.signInRules = signInGate.rules;
  const { lists } = areas.community;
  // In this order, as one layer (lib/in-order.ts): the origin, who may call, the body, NUL, the lists' clearing.
  api.use(
    inOrder(
      originCheck(origins),
      signInGate,
      // A body a hot write read already is parsed the same way (lib/hot-writes.ts).
      jsonBody(express.json({ limit: '100kb' })),
      refuseNul,
      (req, res, next) => {
        // Any write may change a list, unless its route says it changes none (`res.locals.listsUnchanged`).
        if (req.method !== 'GET' && req.method !== 'HEAD') res.once('finish', () => res.locals.listsUnchanged !== true && lists.clear());
        next();
      },
    ),
  );
  api.use(routeIndex(mounts));
  api.use(notFound);

  app.use('/api', api);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
