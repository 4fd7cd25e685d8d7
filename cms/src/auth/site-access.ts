import { SITE_ACCESS_CHANNEL, SiteAccessChangeSchema, type SiteAdminsAnswer } from '@app/shared/schemas';
import type { PostgresAdapter } from '@payloadcms/db-postgres';
import type { Payload, Where } from 'payload';
import type { PoolClient } from 'pg';
import { listenWithRetry } from '@app/shared/server';
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
 * linked CMS admin. The connection comes back by itself (`listenWithRetry`, shared with the API);
 * one that listened is destroyed rather than returned to the pool. Returns `stop`.
 */
export function listenForSiteAccessChanges(payload: Payload): { ready: Promise<void>; stop(): Promise<void> } {
  const pool = (payload.db as unknown as PostgresAdapter).pool;
  // An idle pooled connection cut off (PostgreSQL restarted, a failover to another host) is dropped
  // by the pool, which then emits 'error': without a listener that would end the CMS process.
  if (pool.listenerCount('error') === 0) pool.on('error', (err: Error) => payload.logger.warn({ err: err.message }, 'a pooled database connection was lost; the pool opens another'));
  const settle = (ids?: number[]) => settleSiteAccess(payload, ids).catch((err: Error) => payload.logger.warn({ err: err.message }, 'could not settle CMS access after a site change'));
  const listener = listenWithRetry<PoolClient>({
    connect: () => pool.connect(),
    discard: (client, err) => client.release(err ?? true),
    channels: () => [SITE_ACCESS_CHANNEL],
    onNotify(channel, body) {
      let change;
      try {
        change = SiteAccessChangeSchema.safeParse(JSON.parse(body));
      } catch {
        return;
      }
      if (change.success) void settle([change.data.siteUserId]);
    },
    onConnect: () => settle(),
    warn: (message, err) => payload.logger.warn({ err: err.message }, `site access: ${message}`),
  });
  return { ready: listener.start(), stop: listener.stop };
}
