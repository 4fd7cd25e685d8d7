// The local supervisor's part of a deployment that changed the API's or the CMS's own code (issue
// 23): the API instance that ran it asks, over Node IPC, for those services to be restarted from
// the deployed code; they are restarted one at a time, each instance waited for until it is
// healthy, so the others keep serving. A service that will not come up on the new code is put
// back — with every instance already moved — on the code it ran before, and the restart stops there.
// The deployed code is a release folder per commit, which nothing changes afterwards (the API makes
// it); release folders no service runs from are removed once a restart is over.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { RESTARTABLE_SERVICES, RestartProgressSchema, RestartRequestSchema } from './restart-protocol.ts';

/** A release folder is named by its commit (api/src/integrations/git-source.ts); nothing else is ever removed. */
const RELEASE_NAME = /^[0-9a-f]{40}$/;

/**
 * @typedef {{ service: { name: string, cwd: string, child: import('node:child_process').ChildProcess, restart(o?: { cwd?: string }): Promise<void> }, healthUrl: string }} Member
 * @param {{
 *   groups: Record<string, Member[]>,
 *   appRoot: string,
 *   prepare?: Record<string, (root: string) => Promise<void>>,
 *   report: (deployment: number, status: 'restarting' | 'restarted' | 'failed', line: string) => Promise<void>,
 *   log: (name: string, line: string) => void,
 *   healthTimeoutMs?: number,
 * }} options
 * @returns {{ request(message: unknown): void, idle(): Promise<void> }}
 */
export function createRollingRestarter({ groups, appRoot, prepare = {}, report, log, healthTimeoutMs = 120_000 }) {
  // Each service's folder inside a code root ('api', 'cms'), fixed at start: the API and the CMS
  // may run from different releases (a commit that changed only the API), so a new root is joined
  // with the service's own folder, never with a path relative to another service's root.
  const folders = new Map(Object.values(groups).flat().map((m) => [m.service, path.relative(appRoot, m.service.cwd)]));
  /** Roots asked for and not yet restarted onto: never pruned. */
  const pending = [];
  let chain = Promise.resolve();

  const say = async (deployment, status, line) => {
    log('supervisor', line);
    await report(deployment, status, line).catch((err) => log('supervisor', `could not record "${line}" on deployment ${deployment}: ${err.message}`));
  };

  /** Until the URL answers 200: false when the process dies first or time runs out. */
  async function healthy({ service, healthUrl }) {
    const child = service.child;
    const until = Date.now() + healthTimeoutMs;
    while (Date.now() < until) {
      if (child.exitCode !== null || child.signalCode !== null) return false;
      const ok = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
      if (ok) return true;
      await new Promise((r) => setTimeout(r, 250));
    }
    return false;
  }

  async function run({ deployment, services, root: newRoot }) {
    const order = RESTARTABLE_SERVICES.filter((name) => services.includes(name) && groups[name]?.length);
    if (order.length === 0) return;
    const members = order.flatMap((name) => groups[name].map((m) => ({ ...m, group: name })));
    await say(deployment, 'restarting', `restarting the ${order.join(' and ')} from ${newRoot}, one at a time`);
    for (const name of order) {
      if (!prepare[name]) continue;
      await say(deployment, 'restarting', `preparing the ${name} in the new code`);
      try {
        await prepare[name](newRoot);
      } catch (err) {
        return say(deployment, 'failed', `the ${name} could not be prepared (${err.message.split('\n').slice(-3).join(' ')}): nothing was restarted, the previous code keeps running`);
      }
    }
    const moved = [];
    for (const [i, member] of members.entries()) {
      const previous = member.service.cwd;
      await say(deployment, 'restarting', `restarting ${member.service.name} (${i + 1} of ${members.length})`);
      await member.service.restart({ cwd: path.join(newRoot, folders.get(member.service)) });
      moved.push({ member, previous });
      if (await healthy(member)) continue;
      await say(deployment, 'restarting', `${member.service.name} did not become healthy on the new code: putting ${moved.length > 1 ? 'the restarted services' : 'it'} back on the previous code`);
      for (const { member: m, previous: cwd } of moved.reverse()) {
        await m.service.restart({ cwd });
        if (!(await healthy(m))) log('supervisor', `${m.service.name} is not healthy on the previous code either`);
      }
      return say(deployment, 'failed', `${member.service.name} could not run the new code; the previous code runs again`);
    }
    await say(deployment, 'restarted', `restarted: ${order.join(' and ')} (${members.map((m) => `${m.service.name} pid ${m.service.child.pid}`).join(', ')})`);
  }

  /**
   * Removes the release folders beside `releaseRoot` that no service runs from and no waiting
   * request names; the one each service runs from (the rollback target next time) is kept.
   */
  function pruneReleases(releaseRoot) {
    if (!RELEASE_NAME.test(path.basename(releaseRoot))) return;
    const releases = path.dirname(releaseRoot);
    const inUse = new Set([...folders.keys()].map((s) => path.relative(releases, s.cwd).split(path.sep)[0]));
    for (const root of pending) inUse.add(path.basename(root));
    for (const name of readdirSync(releases)) {
      if (!RELEASE_NAME.test(name) || inUse.has(name)) continue;
      rmSync(path.join(releases, name), { recursive: true, force: true });
      log('supervisor', `removed the release ${name.slice(0, 12)}: nothing runs from it`);
    }
  }

  return {
    /** A message from a supervised service: a RestartRequest is acted on, anything else ignored. */
    request(received) {
      const parsed = RestartRequestSchema.safeParse(received);
      if (!parsed.success) return;
      const message = parsed.data;
      pending.push(message.root);
      // One rolling restart at a time; a second request waits for the first.
      chain = chain
        .then(() => run(message))
        .catch((err) => log('supervisor', `the rolling restart stopped: ${err.message}`))
        .finally(() => {
          pending.splice(pending.indexOf(message.root), 1);
          try {
            pruneReleases(message.root);
          } catch (err) {
            log('supervisor', `could not remove old releases: ${err.message}`);
          }
        });
    },
    idle: () => chain,
  };
}

/** Reports a restart's progress to whichever API instance answers, trying for up to 30 s (the only instance may be the one restarting). */
export function reportToApi({ apiUrls, internalSecret }) {
  return async (deployment, status, line) => {
    const body = JSON.stringify(RestartProgressSchema.parse({ status, line: line.slice(0, 2000) }));
    let lastError = null;
    for (let attempt = 0; attempt < 15; attempt++) {
      for (const url of apiUrls) {
        try {
          const res = await fetch(`${url}/api/internal/deployments/${deployment}/restart`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-internal-secret': internalSecret },
            body,
            signal: AbortSignal.timeout(5_000),
          });
          if (res.ok) return;
          lastError = new Error(`${url} answered ${res.status}`);
        } catch (err) {
          lastError = err;
        }
      }
      await new Promise((r) => setTimeout(r, 2_000));
    }
    throw lastError ?? new Error('no API instance to report to');
  };
}
