import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditEntryOf, AuditPage, DeploymentDetail, DeploymentOverview, DeployStarted } from '@app/shared/browser';
import { currentBuildDir, newBuildId, publishBuild, pruneBuilds } from '@app/shared/server';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { ensureAccount } from '../src/domain/accounts/ensure-accounts.ts';
import type { SiteBuilder } from '../src/domain/deploy/rebuild-scheduler.ts';
import { BuildFailure } from '../src/domain/ports/build-failure.ts';
import { createGitSource, linkDependencies } from '../src/integrations/git-source.ts';
import { createLiveBuilds } from '../src/integrations/site-builder.ts';
import { createDeploymentLog, DEFAULT_PATH_LABELS, deployPathLabels, redactPaths } from '../src/domain/deploy/deployment-log.ts';
import type { RestartRequest } from '@app/supervisor/restart-protocol';
import { createCmsContentSource } from '../src/integrations/cms-content-source.ts';
import { browserClient } from './browser-client.ts';
import { signInStaff } from './second-factor-helpers.ts';
import { appForThisFile } from './file-app.ts';
import { startTestApp, TEST_SECRET } from './test-app.ts';

// A local bare repository stands in for GitHub (real git); a pusher's clone makes the commits.
const root = mkdtempSync(path.join(tmpdir(), 'deploy-test-'));
const bare = path.join(root, 'origin.git');
const pusher = path.join(root, 'pusher');
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
git(root, 'init', '--quiet', '--bare', '--initial-branch=main', bare);
git(root, 'clone', '--quiet', bare, pusher);
git(pusher, 'config', 'user.email', 'dev@example.com');
git(pusher, 'config', 'user.name', 'Dev');
function push(marker: string, branch = 'main', file = 'site/marker.txt'): string {
  execFileSync('mkdir', ['-p', path.dirname(path.join(pusher, file))]);
  if (branch !== 'main') git(pusher, 'checkout', '--quiet', '-B', branch);
  writeFileSync(path.join(pusher, file), marker);
  git(pusher, 'add', '-A');
  // Allowed empty: a test run again (CI's retry) pushes the same contents as a new commit.
  git(pusher, 'commit', '--quiet', '--allow-empty', '-m', marker);
  git(pusher, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
  const sha = git(pusher, 'rev-parse', 'HEAD');
  if (branch !== 'main') git(pusher, 'checkout', '--quiet', 'main');
  return sha;
}
push('v1');

// The builder reads the checked-out source and writes a build folder by the real protocol
// (site-builds.ts: the folders, the `current` pointer, pruning); a marker that breaks the build or
// the health check fails like the real builder does (the previous build keeps serving).
const buildsDir = path.join(root, 'site-builds');
/** While set, builds wait for it (a content rebuild caught running). */
let buildGate: Promise<void> | null = null;
const builder: SiteBuilder = {
  async build(_snapshot, options = {}) {
    const step = options.step ?? ((_name, run) => run());
    const marker = readFileSync(path.join(options.siteDir!, 'marker.txt'), 'utf8');
    if (buildGate) await buildGate;
    const id = newBuildId();
    options.log?.(`building ${id} from ${options.siteDir} into ${path.join(buildsDir, id)}`);
    await step('site build', async () => {
      await new Promise((r) => setTimeout(r, 150));
      if (marker.includes('BREAK-BUILD')) throw new BuildFailure('build exited with 1\nrolled back', true);
      mkdirSync(path.join(buildsDir, id, 'server'), { recursive: true });
      writeFileSync(path.join(buildsDir, id, 'server/entry.mjs'), '');
      writeFileSync(path.join(buildsDir, id, 'marker.txt'), marker);
    });
    if (marker.includes('BREAK-HEALTH')) {
      rmSync(path.join(buildsDir, id), { recursive: true });
      throw new BuildFailure('health check: / answered 500\nrolled back', true);
    }
    await step('switch', async () => {
      await publishBuild(buildsDir, id);
      await pruneBuilds(buildsDir, id);
    });
    return { buildId: id };
  },
};
/** The marker of the build the `current` pointer names: what the site server would serve. */
const liveMarker = () => {
  const dir = currentBuildDir(buildsDir);
  return dir ? readFileSync(path.join(dir, 'marker.txt'), 'utf8') : 'none';
};
const SECRET = 'webhook-secret-for-tests';
const appRoot = path.resolve(import.meta.dirname, '../..');
const source = createGitSource({ repository: bare, branch: 'main', workDir: path.join(root, 'work'), appRoot });
/** Where a deployed commit's release folder is (beside the working copy). */
const releaseOf = (commit: string) => path.join(root, 'deploy-releases', commit);
/**
 * Making a release folder (git archive, tar, links) takes seconds, and a whole deployment over
 * 15 s on a loaded machine (CI, beside the browser suites' stacks: a deployment still running
 * after 15 s failed one CI run and, left running, the tests after it). The waits are generous;
 * the tests take as long as the deployments do.
 */
const RELEASE_WAIT = { timeout: 60_000 };
const DEPLOY_TESTS = { timeout: 240_000 };
/** What the API asked its supervisor (the IPC channel, here a list). */
const restartRequests: RestartRequest[] = [];
const t = appForThisFile({ app: () => ({ builder, liveBuilds: createLiveBuilds(buildsDir), deploySource: source, restartChannel: (r) => void restartRequests.push(r), overrides: { ops: { githubWebhookSecret: SECRET } } }) });
afterAll(() => rmSync(root, { recursive: true, force: true }));

const sign = (body: string, secret = SECRET) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
let deliveries = 0;
function webhook(event: string, payload: unknown, opts: { signature?: string | null; delivery?: string } = {}) {
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-github-event': event, 'x-github-delivery': opts.delivery ?? `d-${++deliveries}` };
  if (opts.signature !== null) headers['x-hub-signature-256'] = opts.signature ?? sign(body);
  return t.app.fetch('/api/webhooks/github', { method: 'POST', headers, body });
}
async function finished(admin: Awaited<ReturnType<typeof t.member>>, id: number): Promise<DeploymentDetail> {
  let d: DeploymentDetail;
  await expect.poll(async () => (d = (await admin.get(`/api/admin/deployments/${id}`)).body).status, RELEASE_WAIT).not.toBe('running');
  return d!;
}

describe('deployments from a repository', DEPLOY_TESTS, () => {
  it('deploys the branch’s newest commit when an admin presses Deploy, and shows it live with its log', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const res = await admin.post('/api/deploy');
    expect(res.status).toBe(202);
    const started = res.body as DeployStarted;
    expect(started).toMatchObject({ joined: false, deployment: { kind: 'admin', status: 'running', actor: { username: 'deploy_admin' } } });
    const done = await finished(admin, started.deployment.id);
    const v1 = git(pusher, 'rev-parse', 'HEAD');
    expect(done).toMatchObject({ status: 'succeeded', commit: v1, restartNeeded: [] });
    expect(done.durationMs).toBeGreaterThan(0);
    expect(done.log).toContain(`checked out ${v1.slice(0, 12)}`);
    expect(liveMarker()).toBe('v1');
    // Where the time went, step by step, in the record and at the end of the log.
    expect(done.steps.map((s) => s.step)).toEqual(['git fetch', 'dependencies', 'site build', 'switch']);
    expect(done.log).toMatch(/\ntime: git fetch \d+\.\d s · dependencies \d+\.\d s · site build \d+\.\d s · switch \d+\.\d s\ndeployed$/);
    // The server's folders are labelled, never shown.
    expect(done.log).toContain(`building ${path.basename(currentBuildDir(buildsDir)!)} from <tmp>/${path.basename(root)}/work/site`);
    expect(done.log).not.toContain(root);
    const overview = (await admin.get('/api/admin/deployments')).body as DeploymentOverview;
    expect(overview).toMatchObject({ repository: bare, branch: 'main', liveCommit: v1, running: null, webhook: { configured: true, url: 'http://localhost:3000/api/webhooks/github', lastDelivery: null } });
  });

  it('deploys a signed push to the branch, and never an unsigned, wrongly signed, other-branch or redelivered one', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const v2 = push('v2');
    const count = async () => ((await admin.get('/api/admin/deployments')).body as DeploymentOverview).deployments.length;
    const before = await count();

    expect((await webhook('push', { ref: 'refs/heads/main', after: v2 }, { signature: null })).status).toBe(401);
    expect((await webhook('push', { ref: 'refs/heads/main', after: v2 }, { signature: sign('{}') })).status).toBe(401);
    expect((await webhook('push', { ref: 'refs/heads/main', after: v2 }, { signature: sign(JSON.stringify({ ref: 'refs/heads/main', after: v2 }), 'wrong-secret') })).status).toBe(401);
    const other = push('on a branch', 'feature');
    const ignored = await webhook('push', { ref: 'refs/heads/feature', after: other });
    expect(ignored.status).toBe(202);
    expect((await ignored.json()).message).toBe('Ignored: only pushes to main deploy.');
    expect((await webhook('ping', { zen: 'Keep it simple.' })).status).toBe(200);
    expect(await count()).toBe(before);

    const res = await webhook('push', { ref: 'refs/heads/main', after: v2 }, { delivery: 'delivery-v2' });
    expect(res.status).toBe(202);
    const { deploymentId } = await res.json();
    expect(await finished(admin, deploymentId)).toMatchObject({ kind: 'webhook', status: 'succeeded', commit: v2 });
    expect(liveMarker()).toBe('v2');
    // GitHub redelivers the same delivery: acknowledged, not deployed again.
    const again = await webhook('push', { ref: 'refs/heads/main', after: v2 }, { delivery: 'delivery-v2' });
    expect(again.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const overview = (await admin.get('/api/admin/deployments')).body as DeploymentOverview;
    expect(overview.webhook.lastDelivery).toMatchObject({ event: 'push', ref: 'refs/heads/main', result: `deployment ${deploymentId}` });
  });

  it('deploys a captured signed push once, whatever new delivery ids it is sent under, and never a push the live commit already contains', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const count = async () => ((await admin.get('/api/admin/deployments')).body as DeploymentOverview).deployments.length;
    const earlier = push('replay 1');
    const head = push('replay 2');
    const before = await count();
    const body = { ref: 'refs/heads/main', after: head };
    // Sent twice at once: the second joins the first or is refused — one deployment.
    const [a, b] = await Promise.all([webhook('push', body, { delivery: 'replay-a' }), webhook('push', body, { delivery: 'replay-b' })]);
    const ids = [(await a.json()).deploymentId, (await b.json()).deploymentId].filter(Boolean);
    expect(await finished(admin, ids[0])).toMatchObject({ status: 'succeeded', commit: head });
    expect(await count()).toBe(before + 1);
    // And sent again later, under yet another delivery id.
    const again = await webhook('push', body, { delivery: 'replay-c' });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: `Not deployed: commit ${head.slice(0, 12)} was deployed before. Use Deploy Latest Changes to deploy it again.` });
    // An older push (captured, or arriving late) whose commit the live one contains.
    const older = await webhook('push', { ref: 'refs/heads/main', after: earlier }, { delivery: 'replay-d' });
    expect(await older.json()).toEqual({ message: `Not deployed: commit ${earlier.slice(0, 12)} is already live. Use Deploy Latest Changes to deploy it again.` });
    expect(await count()).toBe(before + 1);
    const overview = (await admin.get('/api/admin/deployments')).body as DeploymentOverview;
    expect(overview.webhook.lastDelivery).toMatchObject({ result: `refused: commit ${earlier.slice(0, 12)} is already live` });
  });

  // Three site builds and a health check's wait: past 20 s on a loaded machine.
  it('rolls back a commit whose build fails and one whose health check fails: the last good commit stays live', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const good = git(pusher, 'rev-parse', 'HEAD');
    const goodMarker = liveMarker();
    for (const breaking of ['BREAK-BUILD', 'BREAK-HEALTH']) {
      const bad = push(breaking);
      const started = (await admin.post('/api/deploy')).body as DeployStarted;
      const done = await finished(admin, started.deployment.id);
      expect(done).toMatchObject({ status: 'rolled_back', commit: bad });
      expect(done.log).toContain('rolled back');
      expect(liveMarker()).toBe(goodMarker);
      expect(((await admin.get('/api/admin/deployments')).body as DeploymentOverview).liveCommit).toBe(good);
      // The working copy is back on the live commit, so content rebuilds keep building it.
      expect(await source.head()).toBe(good);
    }
    push('v3');
  }, 60_000);

  it('gives one deployment for two requests at once, says which API code needs a restart, and audits each deploy', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    push('api change', 'main', 'api/src/changed.ts');
    const [a, b] = await Promise.all([admin.post('/api/deploy'), admin.post('/api/deploy')]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.deployment.id).toBe(b.body.deployment.id);
    expect([a.body.joined, b.body.joined].sort()).toEqual([false, true]);
    expect(await finished(admin, a.body.deployment.id)).toMatchObject({ status: 'succeeded', restartNeeded: ['api'] });
    // The supervisor is asked to restart the API from the deployed commit's release folder, and the record says so.
    await expect.poll(() => restartRequests.at(-1), RELEASE_WAIT).toEqual({ type: 'restart-services', deployment: a.body.deployment.id, services: ['api'], root: releaseOf(git(pusher, 'rev-parse', 'HEAD')) });
    expect((await admin.get(`/api/admin/deployments/${a.body.deployment.id}`)).body.restart).toMatchObject({ status: 'requested' });
    // Its progress, as the supervisor reports it on the internal route, reaches the record and the tab.
    const report = (body: unknown) => t.app.fetch(`/api/internal/deployments/${a.body.deployment.id}/restart`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': TEST_SECRET }, body: JSON.stringify(body) });
    expect((await report({ status: 'restarting', line: 'restarting api-1 (1 of 2)' })).status).toBe(200);
    expect((await report({ status: 'restarted', line: 'restarted: api' })).status).toBe(200);
    expect((await report({ status: 'done', line: 'x' })).status).toBe(400);
    const restarted = (await admin.get(`/api/admin/deployments/${a.body.deployment.id}`)).body as DeploymentDetail;
    expect(restarted.restart?.status).toBe('restarted');
    expect(restarted.restart?.log).toMatch(/restarting api-1 \(1 of 2\)\n.*restarted: api\n$/);
    // Only our services may report (a proxied call is refused even with the secret).
    expect((await t.app.fetch(`/api/internal/deployments/${a.body.deployment.id}/restart`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-secret': 'wrong' }, body: '{}' })).status).toBe(403);
    const audit = (await admin.get('/api/admin/audit?action=site.deployed')).body as { entries: AuditEntryOf<'site.deployed'>[] };
    expect(audit.entries[0]).toMatchObject({ actor: { username: 'deploy_admin' }, details: { status: 'succeeded', via: 'admin' } });
    expect(audit.entries.some((e) => e.details.status === 'rolled_back')).toBe(true);
    expect(audit.entries.some((e) => e.details.via === 'webhook' && e.actor === null)).toBe(true);
  });

  it('restarts from a release folder of the deployed commit, which later deployments leave as it was', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const first = push('api release 1', 'main', 'api/src/changed.ts');
    const deploy = async () => finished(admin, ((await admin.post('/api/deploy')).body as DeployStarted).deployment.id);
    // Once it reads as live, its restart is already under way (a follower never stops at "live, nothing restarting").
    expect(await deploy()).toMatchObject({ status: 'succeeded', commit: first, restartNeeded: ['api'], restart: { status: 'requested' } });
    await expect.poll(() => restartRequests.at(-1)?.root, RELEASE_WAIT).toBe(releaseOf(first));
    const release = releaseOf(first);
    expect(readFileSync(path.join(release, 'api/src/changed.ts'), 'utf8')).toBe('api release 1');
    // It runs with the installed packages, as the working copy does.
    expect(realpathSync(path.join(release, 'node_modules/zod'))).toBe(realpathSync(path.join(appRoot, 'node_modules/zod')));

    // The next deployment moves the working copy on; the running code (and a rollback's target) does not move.
    const second = push('api release 2', 'main', 'api/src/changed.ts');
    expect(await deploy()).toMatchObject({ status: 'succeeded', commit: second, restart: { status: 'requested' } });
    await expect.poll(() => restartRequests.at(-1)?.root, RELEASE_WAIT).toBe(releaseOf(second));
    expect(readFileSync(path.join(source.siteDir, '../api/src/changed.ts'), 'utf8')).toBe('api release 2');
    expect(readFileSync(path.join(release, 'api/src/changed.ts'), 'utf8')).toBe('api release 1');
    expect(readFileSync(path.join(releaseOf(second), 'api/src/changed.ts'), 'utf8')).toBe('api release 2');
  });

  it('makes an earlier deployment’s build live again from another API instance: recorded with who and from what to what, audited, the working copy and the API code on its commit', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const deploy = async () => finished(admin, ((await admin.post('/api/deploy')).body as DeployStarted).deployment.id);
    push('rollback target');
    const older = await deploy();
    // Contents of this run's own: a retry (CI's) must change the API's code again, or the rollback needs no restart.
    push(`api code after the target ${Date.now()}`, 'main', 'api/src/changed.ts');
    push('rollback newer');
    const newer = await deploy();
    expect([older.status, newer.status, liveMarker()]).toEqual(['succeeded', 'succeeded', 'rollback newer']);
    const before = (await admin.get('/api/admin/deployments')).body as DeploymentOverview;
    expect(before.rollbackTargets).toContain(older.id);
    expect(before.rollbackTargets).not.toContain(newer.id);

    // Another API instance on the same database, builds folder and working copy (as the production shape runs them).
    const other = await startTestApp({ db: t.testDb.db, source: createCmsContentSource(t.cms.url, TEST_SECRET), builder, liveBuilds: createLiveBuilds(buildsDir), deploySource: source, restartChannel: (r) => void restartRequests.push(r) });
    try {
      const there = browserClient(other.base);
      await signInStaff(there, 'deploy_admin', 'pass-word-1');
      const res = await there.post(`/api/admin/deployments/${older.id}/rollback`);
      expect(res.status).toBe(200);
      const rollback = res.body as DeploymentDetail;
      expect(rollback).toMatchObject({ kind: 'rollback', status: 'succeeded', actor: { username: 'deploy_admin' }, commit: older.commit, contentVersion: older.contentVersion, rollback: { from: newer.id, to: older.id }, restartNeeded: ['api'] });
      expect(rollback.steps.map((s) => s.step)).toEqual(['switch', 'working copy']);
      expect(rollback.log).toContain(`rolling back from deployment ${newer.id}`);
      // The API code differs between the two commits: the supervisor restarts it from the target's release.
      await expect.poll(() => restartRequests.at(-1), RELEASE_WAIT).toEqual({ type: 'restart-services', deployment: rollback.id, services: ['api'], root: releaseOf(older.commit!) });
    } finally {
      await other.close();
    }
    // The shared pointer names the older build (the site server follows it), and content rebuilds build its commit.
    expect(liveMarker()).toBe('rollback target');
    expect(await source.head()).toBe(older.commit);
    const after = (await admin.get('/api/admin/deployments')).body as DeploymentOverview;
    expect(after.liveCommit).toBe(older.commit);
    expect(after.deployments[0]).toMatchObject({ kind: 'rollback', status: 'succeeded' });
    expect(after.rollbackTargets).toContain(newer.id);
    expect(after.rollbackTargets).not.toContain(older.id);
    const audit = async () => ((await admin.get('/api/admin/audit?action=site.rolled_back')).body as AuditPage).entries[0];
    await expect.poll(audit).toMatchObject({ actor: { username: 'deploy_admin' }, details: { from: newer.id, to: older.id, status: 'succeeded', commit: older.commit } });
  });

  it('deploys the new code when Deploy is pressed while another instance rebuilds the content: it waits for that build, never joins it', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const other = await startTestApp({ db: t.testDb.db, source: createCmsContentSource(t.cms.url, TEST_SECRET), builder, liveBuilds: createLiveBuilds(buildsDir), deploySource: source, restartChannel: () => undefined });
    let open!: () => void;
    buildGate = new Promise((r) => (open = r));
    try {
      // A rebuild that fetches no code (as a content change's): the site rebuilt from the working copy.
      const content = other.rebuilds.runNow('rebuilt there', 'start');
      await expect.poll(async () => ((await admin.get('/api/admin/deployments')).body as DeploymentOverview).running?.kind, RELEASE_WAIT).toBe('start');
      push('deployed while content was rebuilt');
      const pressed = admin.post('/api/deploy');
      await new Promise((r) => setTimeout(r, 300));
      buildGate = null;
      open();
      await content;
      const started = (await pressed).body as DeployStarted;
      expect([started.joined, started.deployment.kind]).toEqual([false, 'admin']);
      expect((await finished(admin, started.deployment.id)).status).toBe('succeeded');
      expect(liveMarker()).toBe('deployed while content was rebuilt');
    } finally {
      buildGate = null;
      open();
      await other.close();
    }
  });

  it('refuses a rollback to members and moderators, to an unknown, failed, live or pruned deployment, and while a deployment runs', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const member = await t.member('deploy_member');
    await ensureAccount(t.testDb.db, { username: 'deploy_moderator', email: 'deploy_moderator@example.com', password: 'pass-word-1', tier: 'free', admin: false });
    await t.testDb.db.update(users).set({ role: 'moderator' }).where(eq(users.username, 'deploy_moderator'));
    const moderator = browserClient(t.app.base);
    expect((await moderator.post('/api/login', { username: 'deploy_moderator', password: 'pass-word-1' })).status).toBe(200);
    const overview = (await admin.get('/api/admin/deployments')).body as DeploymentOverview;
    const target = overview.rollbackTargets[0]!;
    const live = liveMarker();
    const rollback = (client: typeof admin, id: number) => client.post(`/api/admin/deployments/${id}/rollback`);

    expect((await rollback(member, target)).status).toBe(403);
    expect((await rollback(moderator, target)).status).toBe(403);
    expect((await t.app.fetch(`/api/admin/deployments/${target}/rollback`, { method: 'POST', headers: { origin: 'http://localhost:3000' } })).status).toBe(401);
    expect(await rollback(admin, 999_999)).toMatchObject({ status: 404, body: { message: 'Deployment not found' } });
    const failed = overview.deployments.find((d) => d.status === 'rolled_back')!;
    expect(await rollback(admin, failed.id)).toMatchObject({ status: 409, body: { message: 'Only a successful deployment with a recorded build can be rolled back to.' } });
    expect(await rollback(admin, overview.deployments[0]!.id)).toMatchObject({ status: 409, body: { message: 'This deployment is already live.' } });
    // Only the newest builds are kept (site-builds.ts): the first deployment's folder is gone.
    const first = overview.deployments.filter((d) => d.kind === 'admin' && d.status === 'succeeded').at(-1)!;
    expect(overview.rollbackTargets).not.toContain(first.id);
    expect(await rollback(admin, first.id)).toMatchObject({ status: 409, body: { message: expect.stringContaining('no longer kept') } });
    expect(liveMarker()).toBe(live);
    // One at a time with deployments.
    const running = (await admin.post('/api/deploy')).body as DeployStarted;
    expect(await rollback(admin, target)).toMatchObject({ status: 409, body: { message: 'A deployment is running; roll back once it has finished.' } });
    expect(await finished(admin, running.deployment.id)).toMatchObject({ status: 'succeeded' });
  });

  it('is for admins only', async () => {
    const member = await t.member('deploy_member');
    expect((await member.post('/api/deploy')).status).toBe(403);
    expect((await member.get('/api/admin/deployments')).status).toBe(403);
    expect((await t.app.fetch('/api/admin/deployments/1')).status).toBe(401);
  });
});

describe('the deployment record', () => {
  it('keeps the finished log when a progress write lands after the finish (the failure’s reason stays)', async () => {
    const log = createDeploymentLog(t.testDb.db);
    const id = await log.start({ kind: 'admin', trigger: 'admin', contentVersion: 'v-late' });
    await log.progress(id, 'building');
    await log.finish(id, 'rolled_back', 'building\nhealth check failed: / answered 500');
    await log.progress(id, 'building\nworking copy back on abc');
    expect(await log.get(id)).toMatchObject({ status: 'rolled_back', log: 'building\nhealth check failed: / answered 500' });
  });
});

describe('the deployment log', () => {
  it('shows the server’s folders by short labels: the data folders inside the repository by their own, also in file:// URLs, and nothing that only starts alike', () => {
    const app = DEFAULT_PATH_LABELS[0]!.dir;
    const labels = deployPathLabels({ builds: path.join(app, '.data/site-builds'), source: '/srv/deploy-source', releases: '/srv/deploy-releases' });
    const log = [
      `building b1 from ${app}/site into ${app}/.data/site-builds/b1`,
      `Error: boom\n    at file://${app}/site/src/pages/index.astro:3:9`,
      'fetching main from /srv/deploy-source (cwd /srv/deploy-source-old, /srv/deploy-releases/abc)',
      '/srv/deploy-source-backup and /x/srv/deploy-source stay',
    ].join('\n');
    expect(redactPaths(log, labels)).toBe([
      'building b1 from <app>/site into <builds>/b1',
      'Error: boom\n    at <app>/site/src/pages/index.astro:3:9',
      'fetching main from <source> (cwd /srv/deploy-source-old, <releases>/abc)',
      '/srv/deploy-source-backup and /x/srv/deploy-source stay',
    ].join('\n'));
  });

  it('drops a build tool’s colour codes, which once hid a folder from its label', () => {
    const labels = deployPathLabels({ builds: '/tmp/data-1/site-builds' });
    expect(redactPaths('[build] directory: \x1b[2m/tmp/data-1/site-builds/b1/\x1b[22m', labels)).toBe('[build] directory: <builds>/b1/');
  });
});

describe('the working copy’s dependencies', () => {
  it('links the installed packages but its own workspace packages, so a build runs the copy’s shared code', async () => {
    const copy = path.join(root, 'link-check');
    for (const dir of ['packages/shared', 'api', 'site']) mkdirSync(path.join(copy, dir), { recursive: true });
    await linkDependencies(appRoot, copy);
    expect(realpathSync(path.join(copy, 'node_modules/@app/shared'))).toBe(realpathSync(path.join(copy, 'packages/shared')));
    expect(realpathSync(path.join(copy, 'node_modules/zod'))).toBe(realpathSync(path.join(appRoot, 'node_modules/zod')));
    // A package npm nested in a workspace (another version) is found from the copy's workspace too.
    if (existsSync(path.join(appRoot, 'api/node_modules'))) expect(realpathSync(path.join(copy, 'api/node_modules'))).toBe(realpathSync(path.join(appRoot, 'api/node_modules')));
    // Linking again (the next deployment) replaces the links.
    await linkDependencies(appRoot, copy);
    expect(realpathSync(path.join(copy, 'node_modules/@app/shared'))).toBe(realpathSync(path.join(copy, 'packages/shared')));
  });
});
