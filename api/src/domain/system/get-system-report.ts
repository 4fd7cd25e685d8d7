import type { DatabaseBackup, DatabaseHost, DatabaseHostsReport, ServiceInfo, SystemReport } from '@app/shared/browser';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { youtubeSyncs } from '../../db/schema/index.ts';
import type { RecentErrors } from '../../lib/recent-errors.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ContentReadModel } from '../content/content-read-model.ts';
import type { DeploymentLog } from '../deploy/deployment-log.ts';
import { latestRounds } from '../../jobs/job-rounds.ts';

/** What the other services say about themselves (the CMS's service-info call, the site's Astro, the repository's commit). */
export type SystemProbes = {
  cms(): Promise<{ payloadVersion: string | null; uptimeSeconds: number } | null>;
  astroVersion(): Promise<string | null>;
  appCommit(): Promise<string | null>;
  /** The replicated database's hosts (Patroni) and last base backup (pgBackRest); absent on one server. */
  databaseHosts?: { hosts(): Promise<DatabaseHost[] | null>; lastBackup(): Promise<DatabaseBackup | null> };
};

export type SystemDeps = {
  db: Db; content: ContentReadModel; deployments: DeploymentLog; recentErrors: RecentErrors; openSockets: () => number | null; probes: SystemProbes; now?: () => Date;
  /** The scheduled jobs the composition root runs (name and period), listed whether or not they have run. */
  jobs: readonly { name: string; every: number }[];
};

type PgFacts = { version: string; bytes: string; started: Date };

/** Patroni's hosts, pgBackRest's last backup and PostgreSQL's WAL archiver, each left null when it does not answer. */
export async function databaseHostsReport(db: Db, probe: NonNullable<SystemProbes['databaseHosts']>): Promise<DatabaseHostsReport> {
  const [hosts, lastBackup, archive] = await Promise.all([
    probe.hosts().catch(() => null),
    probe.lastBackup().catch(() => null),
    db.$client
      .query<{ lastArchivedAt: Date | null; lastArchivedWal: string | null; lastFailedAt: Date | null }>(
        `select last_archived_time as "lastArchivedAt", last_archived_wal as "lastArchivedWal", last_failed_time as "lastFailedAt" from pg_stat_archiver where current_setting('archive_mode') <> 'off'`,
      )
      .then((r) => r.rows[0] ?? null)
      .catch(() => null),
  ]);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return { hosts, lastBackup, archive: archive && { lastArchivedAt: iso(archive.lastArchivedAt), lastArchivedWal: archive.lastArchivedWal, lastFailedAt: iso(archive.lastFailedAt) } };
}

/** GET /api/admin/system: versions, uptimes, sizes, content, freshness and this instance's recent 5xx answers (admins only). */
export async function getSystemReport(deps: SystemDeps, caller: UserRow | null): Promise<SystemReport> {
  requirePermission(caller, 'administer');
  const now = deps.now?.() ?? new Date();
  const seconds = (from: Date) => Math.max(0, Math.round((now.getTime() - from.getTime()) / 1000));
  const [pg, cms, astro, liveCommit, appCommit, [sync], [lastDeploy], jobRounds] = await Promise.all([
    deps.db.$client
      .query<PgFacts>("select current_setting('server_version') as version, pg_database_size(current_database())::text as bytes, pg_postmaster_start_time() as started")
      .then((r) => r.rows[0] ?? null)
      .catch(() => null),
    deps.probes.cms().catch(() => null),
    deps.probes.astroVersion().catch(() => null),
    deps.deployments.liveCommit(),
    deps.probes.appCommit().catch(() => null),
    deps.db.select({ at: youtubeSyncs.startedAt, status: youtubeSyncs.status }).from(youtubeSyncs).orderBy(desc(youtubeSyncs.startedAt)).limit(1),
    deps.deployments.list(1),
    latestRounds(deps.db),
  ]);
  const index = deps.content.current();
  const loaded = Date.parse(index.loadedAt) > 0;
  const live = await deps.deployments.live();
  const services: ServiceInfo[] = [
    { name: 'API', version: process.version, uptimeSeconds: Math.round(process.uptime()), ok: true },
    { name: 'CMS', version: cms?.payloadVersion ?? null, uptimeSeconds: cms?.uptimeSeconds ?? null, ok: cms !== null },
    { name: 'PostgreSQL', version: pg?.version ?? null, uptimeSeconds: pg ? seconds(new Date(pg.started)) : null, ok: pg !== null },
    // The site is served from its newest build; its age is how long that build has been live.
    { name: 'Site build', version: astro, uptimeSeconds: live?.finishedAt ? seconds(new Date(live.finishedAt)) : null, ok: live !== null },
  ];
  return {
    versions: { appCommit: liveCommit ?? appCommit, node: process.version, postgres: pg?.version ?? null, payload: cms?.payloadVersion ?? null, astro },
    services,
    databaseBytes: pg ? Number(pg.bytes) : null,
    contentCounts: { articles: index.articleList.length, categories: index.categories.size, videos: index.videos.length, products: index.products.size },
    readModel: { version: index.version, loadedAt: loaded ? index.loadedAt : null, ageSeconds: loaded ? seconds(new Date(index.loadedAt)) : null },
    lastSync: sync ? { at: sync.at.toISOString(), status: sync.status } : null,
    lastDeploy: lastDeploy ?? null,
    jobs: deps.jobs.map((job) => ({ name: job.name, everyMs: job.every, lastRound: jobRounds.find((r) => r.job === job.name) ?? null })),
    openSockets: deps.openSockets(),
    recentErrors: deps.recentErrors.list(),
    database: deps.probes.databaseHosts ? await databaseHostsReport(deps.db, deps.probes.databaseHosts) : null,
  };
}
