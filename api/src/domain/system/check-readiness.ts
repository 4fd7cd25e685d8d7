import type { Db } from '../../db/client.ts';
import type { ContentIndex } from '../content/content-index.ts';

export type ReadinessPart = 'database' | 'readModel' | 'cms';
/** A standby as the primary sees it (pg_stat_replication; byte and time lags when the role may read them). */
export type StandbyReplication = { name: string; state: string; sync: string; lagBytes: number | null; replayLagSeconds: number | null; behind: boolean };
/** The database as this instance reaches it: which role answers (a standby takes no writes), its standbys, and on a standby how far its replay trails. */
export type DatabaseReadiness = {
  ok: boolean;
  error?: string;
  role?: 'primary' | 'standby';
  standbys?: StandbyReplication[];
  replayLagSeconds?: number | null;
  /** A standby that fell behind or stopped streaming, named (the instance stays ready: the primary still answers). */
  warning?: string;
};
export type Readiness = {
  ready: boolean;
  /** The failing parts named, e.g. "Not ready: database unreachable." */
  message: string;
  database: DatabaseReadiness;
  readModel: { ok: boolean; version: string; loadedAt: string | null; ageSeconds: number | null };
  cms: { ok: boolean; error?: string };
};

const TIMEOUT_MS = 2000;
/** A standby is reported behind past these: WAL not yet replayed, or replay trailing by this long. */
export const STANDBY_BEHIND = { bytes: 16 * 1024 * 1024, seconds: 30 };

/**
 * GET /api/ready: may this instance take traffic? Its database answers, its read model holds
 * content, and the CMS answers (a down CMS still leaves the last snapshot serving, but the
 * operator must know). Each check is bounded, so a hung dependency reads as a failure.
 */
export async function checkReadiness(deps: { db: Db; content: () => ContentIndex; cms: { url: string; secret: string } | null; now?: () => Date; behind?: { bytes: number; seconds: number } }): Promise<Readiness> {
  const now = deps.now?.() ?? new Date();
  const [database, cms] = await Promise.all([databaseRole(deps.db, deps.behind ?? STANDBY_BEHIND), deps.cms ? probe(() => cmsAnswers(deps.cms!)) : Promise.resolve({ ok: true })]);
  const index = deps.content();
  const loaded = Date.parse(index.loadedAt) > 0;
  const readModel = { ok: loaded, version: index.version, loadedAt: loaded ? index.loadedAt : null, ageSeconds: loaded ? Math.round((now.getTime() - Date.parse(index.loadedAt)) / 1000) : null };
  const failing = [!database.ok && (database.role === 'standby' ? 'the database answering is a read-only standby' : 'database unreachable'), !readModel.ok && 'content read model not loaded', !cms.ok && 'CMS unreachable'].filter(Boolean);
  return { ready: failing.length === 0, message: failing.length ? `Not ready: ${failing.join(', ')}.` : 'Ready.', database, readModel, cms };
}

type RoleRow = { standby: boolean; replayLagSeconds: number | null; standbys: { name: string; state: string; sync: string; lagBytes: string | null; replayLagSeconds: number | null }[] };

/**
 * The database answers, and as what: behind HAProxy it must be the primary (a standby would refuse
 * every write). On the primary, each standby's state and lag from pg_stat_replication (empty for
 * one server alone; lags null when the role may not read them); on a standby, how far its replay trails.
 */
async function databaseRole(db: Db, behind: { bytes: number; seconds: number }): Promise<DatabaseReadiness> {
  let row: RoleRow | undefined;
  const answered = await probe(async () => {
    const result = await db.$client.query<RoleRow>(`select pg_is_in_recovery() as standby,
      case when pg_is_in_recovery() then extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 end as "replayLagSeconds",
      coalesce((select json_agg(json_build_object('name', r.application_name, 'state', r.state, 'sync', r.sync_state,
        'lagBytes', case when not pg_is_in_recovery() then pg_wal_lsn_diff(pg_current_wal_lsn(), r.replay_lsn)::text end,
        'replayLagSeconds', extract(epoch from r.replay_lag)::float8) order by r.application_name) from pg_stat_replication r), '[]'::json) as standbys`);
    row = result.rows[0];
  });
  if (!answered.ok || !row) return answered;
  if (row.standby) return { ok: false, error: 'the server is a standby (read-only)', role: 'standby', replayLagSeconds: row.replayLagSeconds === null ? null : Math.round(row.replayLagSeconds) };
  const standbys = row.standbys.map((s) => {
    const lagBytes = s.lagBytes === null ? null : Math.max(0, Number(s.lagBytes));
    const replayLagSeconds = s.replayLagSeconds === null ? null : Math.round(s.replayLagSeconds * 10) / 10;
    return { ...s, lagBytes, replayLagSeconds, behind: s.state !== 'streaming' || (lagBytes ?? 0) > behind.bytes || (replayLagSeconds ?? 0) > behind.seconds };
  });
  const late = standbys.filter((s) => s.behind);
  const warning = late.length ? `Standby ${late.map((s) => `${s.name} is ${s.state !== 'streaming' ? s.state : `behind (${s.lagBytes === null ? '?' : (s.lagBytes / 1024 / 1024).toFixed(1)} MB, ${s.replayLagSeconds ?? '?'} s)`}`).join('; ')}.` : undefined;
  return { ok: true, role: 'primary', standbys, ...(warning ? { warning } : {}) };
}

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS} ms`)), TIMEOUT_MS)))]);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  } finally {
    clearTimeout(timer);
  }
}

async function cmsAnswers(cms: { url: string; secret: string }): Promise<void> {
  // One row of a small collection: Payload and its database both answer.
  const res = await fetch(`${cms.url}/cms/api/categories?limit=1&depth=0`, { headers: { 'x-internal-secret': cms.secret }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  await res.body?.cancel();
  if (!res.ok) throw new Error(`the CMS answered ${res.status}`);
}
