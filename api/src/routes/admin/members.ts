import { SeriesQuerySchema } from '@app/shared/schemas';
import type { Router } from 'express';
import type { MembershipDeps } from '../../domain/membership/membership-deps.ts';
import { membershipOverview } from '../../domain/membership/membership-overview.ts';
import { memberStats } from '../../domain/stats/member-stats.ts';
import { revenueStats } from '../../domain/stats/revenue-stats.ts';
import { noStore } from '../no-store.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

/** Admin → Members & Revenue: GET /api/admin/membership, and the series over time (issue 39). */
export function adminMemberRoutes(deps: MembershipDeps & { readUser: UserReader }): Router {
  return sectionRouter('members', deps.readUser, (route) => {
    route('overview', async (req, res) => {
      noStore(res);
      res.json(await membershipOverview(deps, await deps.readUser(req)));
    });
    route('memberSeries', async (req, res) => {
      noStore(res);
      res.json(await memberStats(deps.db, await deps.readUser(req), SeriesQuerySchema.parse(req.query), deps.clock()));
    });
    route('revenueSeries', async (req, res) => {
      noStore(res);
      res.json(await revenueStats(deps.db, await deps.readUser(req), SeriesQuerySchema.parse(req.query), deps.clock()));
    });
  });
}
