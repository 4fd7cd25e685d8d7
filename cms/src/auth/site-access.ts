import { SITE_ACCESS_CHANNEL, SiteAccessChangeSchema, type SiteAdminsAnswer } from '@app/shared/schemas';
import type { PostgresAdapter } from '@payloadcms/db-postgres';
import type { Payload, Where } from 'payload';
import type { PoolClient } from 'pg';
import { removeLocalSignIn } from './local-sign-in';
import { askSiteApi } from './site-api';
import { forgetSiteAdmin } from './site-session-strategy';

/**
 * The linked CMS users whose site users no longer administer the site (demoted, suspended, banned
 * or deleted) become editors without sessions, and the single sign-on forgets their site session
 * at once. The API decides who still administers (POST /api/internal/site-admins); when it cannot
 * be asked, nothing changes: the sign-on asks it on every request anyway and lets nobody in.
 */
export async function settleSiteAccess(payload: Payload, siteUserIds?: number[]): Promise<void> {
  const where: Where = siteUserIds ? { siteUserId: { in: siteUserIds } } : { and: [{ siteUserId: { exists: true } }, { role: { equals: 'admin' } }] };
  const linked = (await payload.find({ collection: 'users', where, pagination: false, depth: 0, overrideAccess: true })).docs;
  for (const id of siteUserIds ?? []) forgetSiteAdmin(id);
  if (linked.length === 0) return;
  const answer = await askSiteApi<SiteAdminsAnswer>('/site-admins', { body: { ids: linked.map((u) => u.siteUserId!) } });
  if (answer?.status !== 200 || !answer.body) throw new Error(`the API answered ${answer?.status ?? 'nothing (not configured)'}`);
  const admins = new Set(answer.body.ids);
  for (const user of linked.filter((u) => !admins.has(u.siteUserId!))) {
    await removeLocalSignIn(payload, user.id, { role: 'editor' });
    forgetSiteAdmin(user.siteUserId!);
    payload.logger.info({ cmsUserId: user.id, siteUserId: user.siteUserId }, 'a site admin’s standing ended: their CMS user is an editor without sessions now');
  }
}

/**
 * Listens for the API's `site_access_changed` signal (sent on the commit of a role, status or
 * account change) on one pooled connection, and settles the named site user's CMS access. A
 * signal sent while the connection was down is lost, so every (re)connection first settles every
 * linked CMS admin. Reconnects with growing waits (1 s … 30 s). Returns `stop`.
 */
export function listenForSiteAccessChanges(payload: Payload): { ready: Promise<void>; stop(): Promise<void> } {
  const pool = (payload.db as unknown as PostgresAdapter).pool;
  let client: PoolClient | null = null;
  let stopped = false;
  let delay = 1000;
  let timer: NodeJS.Timeout | null = null;
  const settle = (ids?: number[]) => settleSiteAccess(payload, ids).catch((err: Error) => payload.logger.warn({ err: err.message }, 'could not settle CMS access after a site change'));

  async function connect(): Promise<void> {
    if (stopped) return;
    let c: PoolClient | null = null;
    try {
      c = await pool.connect();
      const conn = c;
      conn.on('notification', (n) => {
        const change = n.channel === SITE_ACCESS_CHANNEL ? SiteAccessChangeSchema.safeParse(JSON.parse(n.payload ?? 'null')) : null;
        if (change?.success) void settle([change.data.siteUserId]);
      });
      conn.on('error', (err) => {
        payload.logger.warn({ err: err.message }, 'the site access listener lost its connection');
        if (client !== conn) return;
        client = null;
        conn.release(err);
        retry();
      });
      await conn.query(`listen ${SITE_ACCESS_CHANNEL}`);
      if (stopped) return void conn.release();
      client = conn;
      delay = 1000;
      await settle();
    } catch (err) {
      payload.logger.warn({ err: (err as Error).message }, 'the site access listener could not connect; retrying');
      c?.release(err as Error);
      retry();
    }
  }

  function retry() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, 30_000);
  }

  return {
    ready: connect(),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      if (c) {
        await c.query(`unlisten ${SITE_ACCESS_CHANNEL}`).catch(() => {});
        c.release();
      }
    },
  };
}
