import type { Router } from 'express';
import type { MembershipDeps } from '../../domain/membership/membership-deps.ts';
import { membershipOverview } from '../../domain/membership/membership-overview.ts';
import { noStore } from '../no-store.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → Members & Revenue: GET /api/admin/membership. */
export function adminMemberRoutes(deps: MembershipDeps & { readUser: UserReader }): Router {
  return sectionRouter('members', deps.readUser, (route) => {
    route('overview', async (req, res) => {
      noStore(res);
      res.json(await membershipOverview(deps, await deps.readUser(req)));
    });
  });
}
