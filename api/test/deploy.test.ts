import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditPage, DeploymentDetail, DeploymentOverview, DeployStarted } from '@app/shared/browser';
import { afterAll, describe, expect, it } from 'vitest';
import type { SiteBuilder } from '../src/domain/deploy/rebuild-scheduler.ts';
import { BuildFailure } from '../src/integrations/build-failure.ts';
import { createGitSource, linkDependencies } from '../src/integrations/git-source.ts';
import { createDeploymentLog } from '../src/domain/deploy/deployment-log.ts';
import type { RestartRequest } from '../src/domain/deploy/request-restart.ts';
import { appForThisFile } from './file-app.ts';
import { TEST_SECRET } from './test-app.ts';

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
  git(pusher, 'commit', '--quiet', '-m', marker);
  git(pusher, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
  const sha = git(pusher, 'rev-parse', 'HEAD');
  if (branch !== 'main') git(pusher, 'checkout', '--quiet', 'main');
  return sha;
}
push('v1');

// The builder reads the checked-out source: a marker that breaks the build or the health check
// fails like the real builder does (the previous build keeps serving).
let live = 'none';
const builder: SiteBuilder = {
  async build(_snapshot, options = {}) {
    const marker = readFileSync(path.join(options.siteDir!, 'marker.txt'), 'utf8');
    await new Promise((r) => setTimeout(r, 150));
    if (marker.includes('BREAK-BUILD')) throw new BuildFailure('build exited with 1\nrolled back', true);
    if (marker.includes('BREAK-HEALTH')) throw new BuildFailure('health check: / answered 500\nrolled back', true);
    live = marker;
    return `built ${marker}`;
  },
};
const SECRET = 'webhook-secret-for-tests';
const appRoot = path.resolve(import.meta.dirname, '../..');
const source = createGitSource({ repository: bare, branch: 'main', workDir: path.join(root, 'work'), appRoot });
/** Where a deployed commit's release folder is (beside the working copy). */
const releaseOf = (commit: string) => path.join(root, 'deploy-releases', commit);
/** What the API asked its supervisor (the IPC channel, here a list). */
const restartRequests: RestartRequest[] = [];
const t = appForThisFile({ app: () => ({ builder, deploySource: source, restartChannel: (r) => void restartRequests.push(r), overrides: { githubWebhookSecret: SECRET } }) });
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
  await expect.poll(async () => (d = (await admin.get(`/api/admin/deployments/${id}`)).body).status, { timeout: 15_000 }).not.toBe('running');
  return d!;
}

describe('deployments from a repository', () => {
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
    expect(live).toBe('v1');
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
    expect(live).toBe('v2');
    // GitHub redelivers the same delivery: acknowledged, not deployed again.
    const again = await webhook('push', { ref: 'refs/heads/main', after: v2 }, { delivery: 'delivery-v2' });
    expect(again.status).toBe(200);
    expect(await count()).toBe(before + 1);
    const overview = (await admin.get('/api/admin/deployments')).body as DeploymentOverview;
    expect(overview.webhook.lastDelivery).toMatchObject({ event: 'push', ref: 'refs/heads/main', result: `deployment ${deploymentId}` });
  });

  it('rolls back a commit whose build fails and one whose health check fails: the last good commit stays live', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    const good = git(pusher, 'rev-parse', 'HEAD');
    for (const breaking of ['BREAK-BUILD', 'BREAK-HEALTH']) {
      const bad = push(breaking);
      const started = (await admin.post('/api/deploy')).body as DeployStarted;
      const done = await finished(admin, started.deployment.id);
      expect(done).toMatchObject({ status: 'rolled_back', commit: bad });
      expect(done.log).toContain('rolled back');
      expect(live).toBe('v2');
      expect(((await admin.get('/api/admin/deployments')).body as DeploymentOverview).liveCommit).toBe(good);
      // The working copy is back on the live commit, so content rebuilds keep building it.
      expect(await source.head()).toBe(good);
    }
    push('v3');
  });

  it('gives one deployment for two requests at once, says which API code needs a restart, and audits each deploy', async () => {
    const admin = await t.member('deploy_admin', 'free', true);
    push('api change', 'main', 'api/src/changed.ts');
    const [a, b] = await Promise.all([admin.post('/api/deploy'), admin.post('/api/deploy')]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(a.body.deployment.id).toBe(b.body.deployment.id);
    expect([a.body.joined, b.body.joined].sort()).toEqual([false, true]);
    expect(await finished(admin, a.body.deployment.id)).toMatchObject({ status: 'succeeded', restartNeeded: ['api'] });
    // The supervisor is asked to restart the API from the deployed commit's release folder, and the record says so.
    await expect.poll(() => restartRequests.at(-1)).toEqual({ type: 'restart-services', deployment: a.body.deployment.id, services: ['api'], root: releaseOf(git(pusher, 'rev-parse', 'HEAD')) });
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
    const audit = (await admin.get('/api/admin/audit?action=site.deployed')).body as AuditPage;
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
    await expect.poll(() => restartRequests.at(-1)?.root).toBe(releaseOf(first));
    const release = releaseOf(first);
    expect(readFileSync(path.join(release, 'api/src/changed.ts'), 'utf8')).toBe('api release 1');
    // It runs with the installed packages, as the working copy does.
    expect(realpathSync(path.join(release, 'node_modules/zod'))).toBe(realpathSync(path.join(appRoot, 'node_modules/zod')));

    // The next deployment moves the working copy on; the running code (and a rollback's target) does not move.
    const second = push('api release 2', 'main', 'api/src/changed.ts');
    expect(await deploy()).toMatchObject({ status: 'succeeded', commit: second, restart: { status: 'requested' } });
    await expect.poll(() => restartRequests.at(-1)?.root).toBe(releaseOf(second));
    expect(readFileSync(path.join(source.siteDir, '../api/src/changed.ts'), 'utf8')).toBe('api release 2');
    expect(readFileSync(path.join(release, 'api/src/changed.ts'), 'utf8')).toBe('api release 1');
    expect(readFileSync(path.join(releaseOf(second), 'api/src/changed.ts'), 'utf8')).toBe('api release 2');
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
