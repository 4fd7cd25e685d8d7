import { stripVTControlCharacters } from 'node:util';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import type { Deployment, DeploymentDetail, DeploymentKind, RestartStatus, StepTime } from '@app/shared/browser';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { deployments, users } from '../../db/schema/index.ts';

export type { DeploymentKind };
export type FinishedStatus = 'succeeded' | 'failed' | 'rolled_back';
/** What a running deployment writes beside its log as it learns it. */
export type DeploymentFields = { commit?: string | null; restartNeeded?: string[]; steps?: StepTime[]; buildId?: string | null };
// A build log can be long and the end is where failures are: keep the tail.
const LOG_LIMIT = 20_000;

/** A folder of this server and the short label the log shows instead (admins need not see the server's layout). */
export type PathLabel = { dir: string; label: string };
/** The running app's repository root (this file is api/src/domain/deploy/), the temporary folder and the home folder. */
export const DEFAULT_PATH_LABELS: PathLabel[] = [
  { dir: path.resolve(import.meta.dirname, '../../../..'), label: '<app>' },
  { dir: tmpdir(), label: '<tmp>' },
  { dir: homedir(), label: '~' },
];

/** The default labels and this server's data folders for deployments: the builds, the working copy, the release folders. */
export function deployPathLabels(dirs: { builds?: string; source?: string; releases?: string }): PathLabel[] {
  const data = [[dirs.builds, '<builds>'], [dirs.source, '<source>'], [dirs.releases, '<releases>']] as const;
  return [...DEFAULT_PATH_LABELS, ...data.flatMap(([dir, label]) => (dir ? [{ dir: path.resolve(dir), label }] : []))];
}

/**
 * Replaces each labelled folder where it starts a path (also in a file:// URL, as stack traces
 * print them), the longest first, so a data folder inside the repository gets its own label.
 */
export function redactPaths(text: string, labels: PathLabel[]): string {
  // Colour codes go first: a build tool's "\x1b[2m/tmp/…" would hide the path's start (and the tab shows plain text).
  let out = stripVTControlCharacters(text).replace(/file:\/\/(?=\/)/g, '');
  const usable = labels.filter((l) => path.isAbsolute(l.dir) && l.dir.length > 1).map((l) => ({ dir: l.dir.replace(/\/+$/, ''), label: l.label }));
  for (const { dir, label } of usable.sort((a, b) => b.dir.length - a.dir.length)) {
    const escaped = dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    out = out.replace(new RegExp(`(?<![\\w./-])${escaped}(?![\\w-])`, 'g'), label);
  }
  return out;
}

/**
 * The record of every deployment (app.deployments), shown to admins on the Deployment tab. Every
 * log written through it is redacted first: `paths` (by default DEFAULT_PATH_LABELS) become labels.
 */
export function createDeploymentLog(db: Db, paths: PathLabel[] = DEFAULT_PATH_LABELS) {
  const redact = (text: string) => redactPaths(text, paths).slice(-LOG_LIMIT);
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
    steps: row.steps,
    rollback: row.rollbackTo !== null ? { from: row.rollbackFrom, to: row.rollbackTo } : null,
    restartNeeded: row.restartNeeded,
    restart: row.restartStatus ? { status: row.restartStatus, log: row.restartLog } : null,
    log: row.log,
  });
  const select = () => db.select(columns).from(deployments).leftJoin(users, eq(users.id, deployments.actorId));
  return {
    async start(entry: { kind: DeploymentKind; trigger: string; contentVersion: string | null; actorId?: number | null; commit?: string | null; rollbackTo?: number; rollbackFrom?: number | null }): Promise<number> {
      const [row] = await db.insert(deployments).values({ ...entry, status: 'running' }).returning({ id: deployments.id });
      return row!.id;
    },
    /** The log so far, while it runs (the tab polls it). */
    async progress(id: number, log: string, fields: DeploymentFields = {}): Promise<void> {
      // Only while it runs: a progress write not waited for can land after `finish`, and must not
      // put back a log without the failure's reason.
      await db.update(deployments).set({ log: redact(log), ...fields }).where(and(eq(deployments.id, id), eq(deployments.status, 'running')));
    },
    async finish(id: number, status: FinishedStatus, log: string, fields: DeploymentFields = {}): Promise<void> {
      // Live with services to restart: the restart is pending from the same moment (request-restart.ts
      // then says how it goes), so a reader never sees a finished deployment with no restart under way.
      const restartStatus = status === 'succeeded' && fields.restartNeeded?.length ? ('requested' as const) : undefined;
      await db.update(deployments).set({ status, log: redact(log), finishedAt: sql`now()`, ...fields, ...(restartStatus ? { restartStatus } : {}) }).where(eq(deployments.id, id));
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
    /** Whether any deployment was made of this commit (whatever its outcome), or is being made. */
    async hasCommit(commit: string): Promise<boolean> {
      const [row] = await db.select({ id: deployments.id }).from(deployments).where(eq(deployments.commit, commit)).limit(1);
      return row !== undefined;
    },
    /** The build a successful deployment made live (a rollback's target), or null. */
    async buildOf(id: number): Promise<string | null> {
      const [row] = await db.select({ buildId: deployments.buildId }).from(deployments).where(and(eq(deployments.id, id), eq(deployments.status, 'succeeded'))).limit(1);
      return row?.buildId ?? null;
    },
    /** Successful deployments with a build: the ids and builds a rollback may go back to. */
    async builds(limit = 50): Promise<{ id: number; buildId: string }[]> {
      const rows = await db.select({ id: deployments.id, buildId: deployments.buildId }).from(deployments).where(and(eq(deployments.status, 'succeeded'), isNotNull(deployments.buildId))).orderBy(desc(deployments.id)).limit(limit);
      return rows.map((r) => ({ id: r.id, buildId: r.buildId! }));
    },
    async liveCommit(): Promise<string | null> {
      const [row] = await db.select({ commit: deployments.commit }).from(deployments).where(and(eq(deployments.status, 'succeeded'), isNotNull(deployments.commit))).orderBy(desc(deployments.id)).limit(1);
      return row?.commit ?? null;
    },
    /** The supervisor's progress restarting the services a deployment changed: a status and a line for its log. */
    async restartProgress(id: number, status: RestartStatus, line: string): Promise<boolean> {
      const stamped = `${new Date().toISOString().slice(11, 19)} ${redactPaths(line, paths)}\n`;
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
