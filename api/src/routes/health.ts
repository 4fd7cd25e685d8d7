import { Router } from 'express';
import type { Db } from '../db/client.ts';
import type { ContentReadModel } from '../domain/content/content-read-model.ts';
import { checkReadiness } from '../domain/system/check-readiness.ts';
import { INSTANCE_NAME as instance } from '../lib/instance-name.ts';
import { noStore } from './no-store.ts';
import { anyone } from './access.ts';

/**
 * Liveness and readiness for proxies, supervisors and the deploy health check. Both are public
 * and carry no secrets; /health touches no dependency, so a slow database never fails it.
 */
export function healthRoutes(deps: { db: Db; content: ContentReadModel; cms: { url: string; secret: string } | null }): Router {
  const r = Router();
  r.get('/health', anyone, (_req, res) => {
    noStore(res);
    const { loadedAt, version } = deps.content.current();
    res.json({ status: 'ok', instance, contentLoadedAt: loadedAt, contentVersion: version, uptimeSeconds: Math.round(process.uptime()) });
  });
  r.get('/ready', anyone, async (_req, res) => {
    noStore(res);
    const readiness = await checkReadiness({ db: deps.db, content: () => deps.content.current(), cms: deps.cms });
    res.status(readiness.ready ? 200 : 503).json(readiness);
  });
  return r;
}
