import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AuditQuerySchema } from '@app/shared/schemas';
import type { Router } from 'express';
import type { Db } from '../../db/client.ts';
import { requirePermission } from '../../domain/accounts/permissions.ts';
import { exportAuditLog } from '../../domain/audit/export-audit-log.ts';
import { listAuditEntries } from '../../domain/audit/list-audit-entries.ts';
import { noStore } from '../no-store.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/**
 * Admin → Audit Log: GET /api/admin/audit?actor=&action=&before= (admins only; moderators 403 before the query is read),
 * and the same filters as a CSV download, GET /api/admin/audit.csv, streamed in batches.
 */
export function auditRoutes(deps: { db: Db; readUser: UserReader }): Router {
  return sectionRouter('audit', deps.readUser, (r) => {
    r('list', async (req, res) => {
      const admin = requirePermission(await deps.readUser(req), 'administer');
      noStore(res);
      res.json(await listAuditEntries(deps.db, admin, AuditQuerySchema.parse(req.query)));
    });
    r('csv', async (req, res) => {
      const admin = requirePermission(await deps.readUser(req), 'administer');
      const { filename, lines } = await exportAuditLog(deps.db, admin, AuditQuerySchema.parse(req.query), new Date());
      noStore(res);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
      // A client that goes away mid-file ends the reading too (pipeline closes the generator).
      await pipeline(Readable.from(lines), res).catch((err: unknown) => {
        if (!res.headersSent) throw err;
      });
    });
  });
}
