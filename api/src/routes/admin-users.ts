import { ListUsersQuerySchema, UserStatusChangeSchema } from '@app/shared/schemas';
import { Router } from 'express';
import type { Db } from '../db/client.ts';
import { requireAdmin } from '../domain/accounts/permissions.ts';
import { changeUserStatus } from '../domain/admin/change-user-status.ts';
import { listUsers } from '../domain/admin/list-users.ts';
import { idParam } from './params.ts';
import type { UserReader } from './session-cookie.ts';

/** The admin dashboard's Users tab (spec 02 §7). */
export function adminUserRoutes(deps: { db: Db; readUser: UserReader }): Router {
  const r = Router();
  r.get('/users', async (req, res) => {
    requireAdmin(await deps.readUser(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(await listUsers(deps.db, ListUsersQuerySchema.parse(req.query)));
  });
  r.post('/users/:userId/status', async (req, res) => {
    const admin = requireAdmin(await deps.readUser(req));
    res.json(await changeUserStatus(deps.db, admin, idParam(req.params.userId, 'User'), UserStatusChangeSchema.parse(req.body)));
  });
  return r;
}
