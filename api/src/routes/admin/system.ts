import type { Router } from 'express';
import { getSystemReport, type SystemDeps } from '../../domain/system/get-system-report.ts';
import { noStore } from '../no-store.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → System: GET /api/admin/system (admins only). */
export function systemRoutes(deps: SystemDeps & { readUser: UserReader }): Router {
  return sectionRouter('system', deps.readUser, (r) => {
    r('report', async (req, res) => {
      const caller = await deps.readUser(req);
      noStore(res);
      res.json(await getSystemReport(deps, caller));
    });
  });
}
