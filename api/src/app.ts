import express from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { ContentReadModel } from './domain/content/content-read-model.ts';
import type { RebuildScheduler } from './domain/deploy/rebuild-scheduler.ts';
import { contentRoutes } from './routes/content.ts';
import { errorHandler, notFound } from './routes/error-handler.ts';
import { internalRoutes } from './routes/internal.ts';
import { visitorOnly, type ViewerResolver } from './routes/viewer.ts';

export type AppDeps = {
  logger: Logger;
  internalSecret: string;
  content: ContentReadModel;
  rebuilds: RebuildScheduler;
  viewer?: ViewerResolver;
};

/** Builds the HTTP app without listening; tests and server.ts both use this. */
export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('trust proxy', 'loopback');
  app.use(
    pinoHttp({
      logger: deps.logger,
      // Successful requests log at debug so the hot path stays cheap at the default level.
      customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'debug'),
    }),
  );
  app.use(express.json({ limit: '100kb' }));

  const api = express.Router();
  api.get('/health', (_req, res) => {
    res.json({ status: 'ok', contentLoadedAt: deps.content.current().loadedAt });
  });
  api.use('/internal', internalRoutes({ secret: deps.internalSecret, content: deps.content, rebuilds: deps.rebuilds }));
  api.use(contentRoutes({ content: deps.content, viewer: deps.viewer ?? visitorOnly }));
  api.use(notFound);

  app.use('/api', api);
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
