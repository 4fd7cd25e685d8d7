import type { Db } from '../../db/client.ts';
import type { ContentIndex } from '../content/content-index.ts';

export type ReadinessPart = 'database' | 'readModel' | 'cms';
export type Readiness = {
  ready: boolean;
  /** The failing parts named, e.g. "Not ready: database unreachable." */
  message: string;
  database: { ok: boolean; error?: string };
  readModel: { ok: boolean; version: string; loadedAt: string | null; ageSeconds: number | null };
  cms: { ok: boolean; error?: string };
};

const TIMEOUT_MS = 2000;

/**
 * GET /api/ready: may this instance take traffic? Its database answers, its read model holds
 * content, and the CMS answers (a down CMS still leaves the last snapshot serving, but the
 * operator must know). Each check is bounded, so a hung dependency reads as a failure.
 */
export async function checkReadiness(deps: { db: Db; content: () => ContentIndex; cms: { url: string; secret: string } | null; now?: () => Date }): Promise<Readiness> {
  const now = deps.now?.() ?? new Date();
  const [database, cms] = await Promise.all([probe(() => deps.db.$client.query('select 1')), deps.cms ? probe(() => cmsAnswers(deps.cms!)) : Promise.resolve({ ok: true })]);
  const index = deps.content();
  const loaded = Date.parse(index.loadedAt) > 0;
  const readModel = { ok: loaded, version: index.version, loadedAt: loaded ? index.loadedAt : null, ageSeconds: loaded ? Math.round((now.getTime() - Date.parse(index.loadedAt)) / 1000) : null };
  const failing = [!database.ok && 'database unreachable', !readModel.ok && 'content read model not loaded', !cms.ok && 'CMS unreachable'].filter(Boolean);
  return { ready: failing.length === 0, message: failing.length ? `Not ready: ${failing.join(', ')}.` : 'Ready.', database, readModel, cms };
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
