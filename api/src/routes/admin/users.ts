import { ListUsersQuerySchema, SetRoleSchema, SetVipSchema, UserStatusChangeSchema } from '@app/shared/schemas';
import type { Router } from 'express';
import type { AccountDeps } from '../../domain/accounts/account-deps.ts';
import { resetSecondFactor } from '../../domain/second-factor/reset-second-factor.ts';
import { requirePermission } from '../../domain/accounts/permissions.ts';
import { changeUserStatus } from '../../domain/admin/change-user-status.ts';
import { listUsers } from '../../domain/admin/list-users.ts';
import { setRole } from '../../domain/admin/set-role.ts';
import { setVip } from '../../domain/admin/set-vip.ts';
import { idParam } from '../params.ts';
import type { UserReader } from '../session-cookie.ts';
import { noStore } from '../no-store.ts';
import { sectionRouter } from './section-router.ts';
import { sendCsv } from './send-csv.ts';
import { exportMembers } from '../../domain/exports/export-members.ts';

/** The admin dashboard's Users tab (spec 02 §7). */
export function adminUserRoutes(deps: AccountDeps & { readUser: UserReader }): Router {
  return sectionRouter('users', deps.readUser, (r) => {
    r('list', async (req, res) => {
      requirePermission(await deps.readUser(req), 'administer');
      noStore(res);
      res.json(await listUsers(deps.db, ListUsersQuerySchema.parse(req.query)));
    });
    r('exportMembers', async (req, res) => {
      await sendCsv(res, await exportMembers(deps.db, await deps.readUser(req), new Date()));
    });
    r('setStatus', async (req, res) => {
      const admin = requirePermission(await deps.readUser(req), 'administer');
      res.json(await changeUserStatus(deps.db, admin, idParam(req.params.userId, 'User'), UserStatusChangeSchema.parse(req.body)));
    });
    // VIP is granted and taken back here, by admins only; it is never for sale.
    r('setVip', async (req, res) => {
      const admin = requirePermission(await deps.readUser(req), 'administer');
      const { vip } = SetVipSchema.parse(req.body);
      res.json(await setVip(deps.db, admin, idParam(req.params.userId, 'User'), vip, new Date()));
    });
    r('resetSecondFactor', async (req, res) => {
      res.json(await resetSecondFactor(deps, await deps.readUser(req), idParam(req.params.userId, 'User')));
    });
    r('setRole', async (req, res) => {
      const caller = await deps.readUser(req);
      res.json(await setRole(deps.db, caller, idParam(req.params.userId, 'User'), SetRoleSchema.parse(req.body).role));
    });
  });
}
