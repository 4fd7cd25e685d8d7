import { REPORT_TYPES, type ReportType } from '@app/shared/browser';
import { IgnoreReporterSchema, ModerateContentSchema } from '@app/shared/schemas';
import type { Router } from 'express';
import type { Db } from '../../db/client.ts';
import type { ContentReadModel } from '../../domain/content/content-read-model.ts';
import { MODERATED_KINDS } from '../../domain/moderation/registry.ts';
import { dismissReport } from '../../domain/reports/dismiss-report.ts';
import { ignoreReporter } from '../../domain/reports/ignore-reporter.ts';
import { moderateContent } from '../../domain/reports/moderate-content.ts';
import { listReports } from '../../domain/reports/review-queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { noStore } from '../no-store.ts';
import { idParam } from '../params.ts';
import type { UserReader } from '../session-cookie.ts';
import { sectionRouter } from './section-router.ts';

const contentType = (value: string | undefined): ReportType => {
  // The spec's admin screen says "article" for comments on articles.
  const type = value === 'article' ? 'comment' : value;
  const known = REPORT_TYPES.find((t) => t === type);
  if (!known) throw new AppError('not_found', 'Unknown content type');
  return known;
};

/** Admin → Content Moderation: the one review queue, the one hide path, and each moderated kind's table (MODERATED_KINDS). */
export function adminModerationRoutes(deps: { db: Db; content: ContentReadModel; readUser: UserReader }): Router {
  const { db, readUser } = deps;
  return sectionRouter('moderation', readUser, (route) => {
    route('reports', async (req, res) => {
      noStore(res);
      res.json(await listReports(db, await readUser(req)));
    });
    route('dismissReport', async (req, res) => {
      res.json(await dismissReport(db, await readUser(req), idParam(req.params.id, 'Report')));
    });
    route('ignoreReporter', async (req, res) => {
      const caller = await readUser(req);
      res.json(await ignoreReporter(db, caller, idParam(req.params.userId, 'User'), IgnoreReporterSchema.parse(req.body).ignored));
    });
    route('moderateContent', async (req, res) => {
      const user = await readUser(req);
      res.json(await moderateContent(db, user, contentType(req.params.contentType), idParam(req.params.contentId, 'Content'), ModerateContentSchema.parse(req.body)));
    });
    for (const type of REPORT_TYPES) {
      route(type, async (req, res) => {
        const caller = await readUser(req);
        noStore(res);
        res.json(await MODERATED_KINDS[type].adminList({ db, content: deps.content.current() }, caller, req.query));
      });
    }
  });
}
