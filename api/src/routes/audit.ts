import { AuditQuerySchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { requirePermission } from '../domain/accounts/permissions.ts';
import { listAuditEntries } from '../domain/audit/list-audit-entries.ts';
import { noStore } from './no-store.ts';
import type { UserReader } from './session-cookie.ts';

/** Admin → Audit Log: GET /api/admin/audit?actor=&action=&before= (admins only; moderators 403 before the query is read). */
export function auditRoutes(deps: { db: Db; readUser: UserReader }): Router {
  const r = Router();
  r.get('/audit', async (req, res) => {
    const admin = requirePermission(await deps.readUser(req), 'administer');
    noStore(res);
    res.json(await listAuditEntries(deps.db, admin, AuditQuerySchema.parse(req.query)));
  });
  return r;
}
