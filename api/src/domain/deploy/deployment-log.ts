import type { Deployment, DeploymentDetail, DeploymentKind, RestartStatus } from '@app/shared/browser';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deployments, users } from '../../db/schema/index.ts';

export type { DeploymentKind };
export type FinishedStatus = 'succeeded' | 'failed' | 'rolled_back';
// A build log can be long and the end is where failures are: keep the tail.
const LOG_LIMIT = 20_000;

/** The record of every deployment (app.deployments), shown to admins on the Deployment tab. */
export function createDeploymentLog(db: Db) {
  const columns = { row: deployments, actorName: users.username };
  const toDto = ({ row, actorName }: { row: typeof deployments.$inferSelect; actorName: string | null }): DeploymentDetail => ({
    id: row.id,
    kind: row.kind,
    trigger: row.trigger,
    actor: row.actorId !== null && actorName !== null ? { id: row.actorId, username: actorName } : null,
    commit: row.commit,
    contentVersion: row.contentVersion,
    status: row.status,
    startedAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.finishedAt ? row.finishedAt.getTime() - row.createdAt.getTime() : null,
    restartNeeded: row.restartNeeded,
    restart: row.restartStatus ? { status: row.restartStatus, log: row.restartLog } : null,
    log: row.log,
  });
  const select = () => db.select(columns).from(deployments).leftJoin(users, eq(users.id, deployments.actorId));
  return {
    async start(entry: { kind: DeploymentKind; trigger: string; contentVersion: string; actorId?: number | null; commit?: string | null }): Promise<number> {
      const [row] = await db.insert(deployments).values({ ...entry, status: 'running' }).returning({ id: deployments.id });
      return row!.id;
    },
    /** The log so far, while it runs (the tab polls it). */
    async progress(id: number, log: string, fields: { commit?: string | null; restartNeeded?: string[] } = {}): Promise<void> {
      // Only while it runs: a progress write not waited for can land after `finish`, and must not
      // put back a log without the failure's reason.
      await db.update(deployments).set({ log: log.slice(-LOG_LIMIT), ...fields }).where(and(eq(deployments.id, id), eq(deployments.status, 'running')));
    },
    async finish(id: number, status: FinishedStatus, log: string, fields: { commit?: string | null; restartNeeded?: string[] } = {}): Promise<void> {
      // Live with services to restart: the restart is pending from the same moment (request-restart.ts
      // then says how it goes), so a reader never sees a finished deployment with no restart under way.
      const restartStatus = status === 'succeeded' && fields.restartNeeded?.length ? ('requested' as const) : undefined;
      await db.update(deployments).set({ status, log: log.slice(-LOG_LIMIT), finishedAt: sql`now()`, ...fields, ...(restartStatus ? { restartStatus } : {}) }).where(eq(deployments.id, id));
    },
    async get(id: number): Promise<DeploymentDetail | null> {
      const [row] = await select().where(eq(deployments.id, id));
      return row ? toDto(row) : null;
    },
    async list(limit = 50): Promise<Deployment[]> {
      return (await select().orderBy(desc(deployments.id)).limit(limit)).map((r) => withoutLog(toDto(r)));
    },
    async running(): Promise<Deployment | null> {
      const [row] = await select().where(eq(deployments.status, 'running')).orderBy(desc(deployments.id)).limit(1);
      return row ? withoutLog(toDto(row)) : null;
    },
    /** The newest live deployment: its commit is what the site shows. */
    async live(): Promise<Deployment | null> {
      const [row] = await select().where(eq(deployments.status, 'succeeded')).orderBy(desc(deployments.id)).limit(1);
      return row ? withoutLog(toDto(row)) : null;
    },
    async liveCommit(): Promise<string | null> {
      const [row] = await db.select({ commit: deployments.commit }).from(deployments).where(and(eq(deployments.status, 'succeeded'), isNotNull(deployments.commit))).orderBy(desc(deployments.id)).limit(1);
      return row?.commit ?? null;
    },
    /** The supervisor's progress restarting the services a deployment changed: a status and a line for its log. */
    async restartProgress(id: number, status: RestartStatus, line: string): Promise<boolean> {
      const stamped = `${new Date().toISOString().slice(11, 19)} ${line}\n`;
      const rows = await db.update(deployments).set({ restartStatus: status, restartLog: sql`right(${deployments.restartLog} || ${stamped}, ${LOG_LIMIT})` }).where(eq(deployments.id, id)).returning({ id: deployments.id });
      return rows.length > 0;
    },
    /** Runs cut short by a restart (the lock holder checks before its own run). */
    async markInterrupted(): Promise<void> {
      await db.update(deployments).set({ status: 'failed', finishedAt: sql`now()`, log: sql`${deployments.log} || ${'\nInterrupted before it finished (the API restarted).'}` }).where(eq(deployments.status, 'running'));
    },
  };
}
export type DeploymentLog = ReturnType<typeof createDeploymentLog>;

function withoutLog(d: DeploymentDetail): Deployment {
  const { log: _log, ...rest } = d;
  return rest;
}
