import { AuditQuerySchema } from '@app/shared/schemas';
import type { Request, Response, Router } from 'express';
import type { Db } from '../../db/client.ts';
import { requirePermission } from '../../domain/accounts/permissions.ts';
import { exportAuditLog } from '../../domain/audit/export-audit-log.ts';
import { listAuditEntries } from '../../domain/audit/list-audit-entries.ts';
import { noStore } from '../no-store.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';
import { sendCsv } from './send-csv.ts';

/**
 * Admin → Audit Log: GET /api/admin/audit?actor=&action=&before= (admins only; moderators 403 before the query is read),
 * and the same filters as a CSV download, GET /api/admin/audit.csv (and /api/admin/export/audit.csv, issue 39), streamed in batches.
 */
export function auditRoutes(deps: { db: Db; readUser: UserReader }): Router {
  return sectionRouter('audit', deps.readUser, (r) => {
    r('list', async (req, res) => {
      const admin = requirePermission(await deps.readUser(req), 'administer');
      noStore(res);
      res.json(await listAuditEntries(deps.db, admin, AuditQuerySchema.parse(req.query)));
    });
    const csv = async (req: Request, res: Response) => {
      const admin = requirePermission(await deps.readUser(req), 'administer');
      await sendCsv(res, await exportAuditLog(deps.db, admin, AuditQuerySchema.parse(req.query), new Date()));
    };
    r('csv', csv);
    r('export', csv);
  });
}
