import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_SITE_SETTINGS, formatStepTimes, type DeploymentDetail, type DeploymentOverview, type SiteSettings } from '@app/shared/browser';
import type { APIRequestContext, Page } from '@playwright/test';
import { articles, createMember, openTab, toasts, withConsent } from './fixtures';
import { expect, test } from './test';

// Issue 23 end to end: deployments from a local bare repository standing in for GitHub (real git,
// the real site build and switch), settings on every page, the CMS's single sign-on, the System tab.
test.describe.configure({ mode: 'serial' });

const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
let pusher: string;
/** Commits files (or deletions, `null`) on the deploy branch and pushes them, as a developer would. */
function push(message: string, files: Record<string, string | null>): string {
  for (const [file, body] of Object.entries(files)) {
    const full = path.join(pusher, file);
    if (body === null) rmSync(full, { force: true });
    else {
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, body);
    }
  }
  git(pusher, 'add', '-A');
  git(pusher, 'commit', '--quiet', '-m', message);
  git(pusher, 'push', '--quiet', 'origin', `HEAD:refs/heads/${process.env.E2E_DEPLOY_BRANCH}`);
  return git(pusher, 'rev-parse', 'HEAD');
}

test.beforeAll(() => {
  pusher = mkdtempSync(path.join(tmpdir(), 'e2e-pusher-'));
  git(pusher, 'clone', '--quiet', '--branch', process.env.E2E_DEPLOY_BRANCH!, process.env.E2E_DEPLOY_REPOSITORY!, '.');
  git(pusher, 'config', 'user.email', 'dev@example.com');
  git(pusher, 'config', 'user.name', 'Dev');
});
test.afterAll(() => rmSync(pusher, { recursive: true, force: true }));

/** Visitors keep loading the home page, an article and /api/health through the front door until stopped; every answer that is not 2xx/3xx counts. */
function requestLoop(request: APIRequestContext, articleId: number) {
  const paths = ['/', `/articles/${articleId}`, '/api/health'];
  let running = true;
  let total = 0;
  const failed: string[] = [];
  const loop = (async () => {
    while (running) {
      for (const p of paths) {
        total++;
        const res = await request.get(p, { maxRedirects: 0, timeout: 15_000 }).catch((err: Error) => err);
        if (res instanceof Error) failed.push(`${p}: ${res.message}`);
        else if (res.status() >= 400) failed.push(`${p}: ${res.status()}`);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { total, failed };
    },
  };
}

async function signedInAdmin(page: Page) {
  await createMember(page.request, { signIn: true, admin: true });
  await withConsent(page);
}

async function deployFromTab(page: Page, outcome: 'Deployment successful' | 'Deployment failed') {
  await page.goto('/admin');
  await openTab(page, 'Deployment');
  await page.getByRole('button', { name: 'Deploy Latest Changes' }).click();
  await expect(page.getByRole('button', { name: 'Deploying...' })).toBeVisible();
  await expect(toasts(page).getByText(outcome, { exact: true })).toBeVisible({ timeout: 240_000 });
}

async function screenshots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.data/screenshots/admin-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('an admin deploys a pushed commit from the Deployment tab while visitors keep loading pages: not one request fails', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signedInAdmin(page);
  const marker = `deployed ${Date.now()}`;
  const commit = push('Deploy check marker', { 'site/public/deploy-check.txt': marker });
  const [article] = await articles(request);

  const loop = requestLoop(request, article!.id);
  await deployFromTab(page, 'Deployment successful');
  const { total, failed } = await loop.stop();
  console.log(`deploy: ${total} requests during the deploy, ${failed.length} failed`);
  expect(failed).toEqual([]);
  expect(total).toBeGreaterThan(10);

  // The site server notices the new build within half a second and loads it before switching.
  await expect.poll(async () => (await request.get('/deploy-check.txt')).text(), { timeout: 15_000 }).toBe(marker);
  await page.reload();
  await openTab(page, 'Deployment');
  await expect(page.getByTestId('live-commit')).toHaveText(commit.slice(0, 7));
  await expect(page.getByTestId('deployment-row').first()).toContainText('Live');
  await screenshots(page, 'deployment');
});

test('a commit whose site build fails and one whose health check fails are rolled back, and the old site answers every request meanwhile', async ({ page, request }) => {
  test.setTimeout(480_000);
  await signedInAdmin(page);
  const live = await (await request.get('/deploy-check.txt')).text();
  const [article] = await articles(request);

  push('A page that cannot be built', { 'site/public/deploy-check.txt': 'broken build', 'site/src/pages/deploy-broken.astro': "---\nthrow new Error('This page breaks the build on purpose.');\n---\n<p>never</p>\n" });
  let loop = requestLoop(request, article!.id);
  await deployFromTab(page, 'Deployment failed');
  let result = await loop.stop();
  console.log(`rolled-back deploy (build fails): ${result.total} requests, ${result.failed.length} failed`);
  expect(result.failed).toEqual([]);
  await expect(page.getByTestId('deployment-row').first()).toContainText('Rolled back');
  expect(await (await request.get('/deploy-check.txt')).text()).toBe(live);

  // This one builds, but its home page fails when served: the health check refuses it.
  push('A home page that fails when served', {
    'site/src/pages/deploy-broken.astro': null,
    'site/public/deploy-check.txt': 'broken health',
    'site/src/pages/index.astro': "---\nexport const prerender = false;\nthrow new Error('This home page fails on purpose.');\n---\n",
  });
  loop = requestLoop(request, article!.id);
  await deployFromTab(page, 'Deployment failed');
  result = await loop.stop();
  console.log(`rolled-back deploy (health check fails): ${result.total} requests, ${result.failed.length} failed`);
  expect(result.failed).toEqual([]);
  await expect(page.getByTestId('deployment-row').first()).toContainText('Rolled back');
  await page.getByRole('button', { name: /Show the log of deployment/ }).first().click();
  await expect(page.getByTestId('deploy-log')).toBeVisible();
  // The recorded log says why (read from the API: the panel may show the log as it was while running).
  const [newest] = ((await (await page.request.get('/api/admin/deployments')).json()) as { deployments: { id: number }[] }).deployments;
  await expect.poll(async () => (await (await page.request.get(`/api/admin/deployments/${newest!.id}`)).json()).log as string, { timeout: 30_000 }).toContain('health check failed');
  expect(await (await request.get('/deploy-check.txt')).text()).toBe(live);
  expect((await request.get('/')).status()).toBe(200);
});

test('an admin rolls back to the earlier deployment from the history: its build is live again, and the log names no server folder', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signedInAdmin(page);
  const earlierMarker = await (await request.get('/deploy-check.txt')).text();
  const overview = async () => (await (await page.request.get('/api/admin/deployments')).json()) as DeploymentOverview;
  const earlier = (await overview()).deployments.find((d) => d.status === 'succeeded' && d.kind === 'admin')!;
  // The branch's home page was broken on purpose above: put it back and deploy a new marker.
  git(pusher, 'checkout', 'HEAD~2', '--', 'site/src/pages/index.astro');
  const marker = `deployed again ${Date.now()}`;
  push('Home page back, a new marker', { 'site/public/deploy-check.txt': marker });
  await deployFromTab(page, 'Deployment successful');
  await expect.poll(async () => (await request.get('/deploy-check.txt')).text(), { timeout: 15_000 }).toBe(marker);
  const [newer] = (await overview()).deployments;
  const detail = (await (await page.request.get(`/api/admin/deployments/${newer!.id}`)).json()) as DeploymentDetail;
  console.log(`deploy steps on this machine: ${formatStepTimes(detail.steps)} (${((detail.durationMs ?? 0) / 1000).toFixed(1)} s in all)\n${detail.log.split('\n').filter((l) => l.startsWith('health check: the')).join('\n')}`);
  expect(detail.steps.map((s) => s.step)).toEqual(['git fetch', 'dependencies', 'content snapshot', 'site build', 'health check', 'switch']);
  // The server's folders by label: the working copy, the builds; never the repository root or the data folder.
  expect(detail.log).toContain('from <source>/site');
  expect(detail.log).not.toContain(path.resolve(import.meta.dirname, '../..'));
  expect(detail.log).not.toContain(tmpdir());

  await page.reload();
  await openTab(page, 'Deployment');
  await page.getByRole('button', { name: `Roll back to deployment ${earlier.id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Roll back to deployment ${earlier.id}?` });
  await expect(dialog).toBeVisible();
  await screenshots(page, 'deployment-rollback');
  await dialog.getByRole('button', { name: 'Roll back' }).click();
  await expect(toasts(page).getByText('Rolled back', { exact: true })).toBeVisible();
  // The site server notices the pointer within half a second and serves the earlier build again.
  await expect.poll(async () => (await request.get('/deploy-check.txt')).text(), { timeout: 15_000 }).toBe(earlierMarker);
  await expect(page.getByTestId('deployment-row').first()).toContainText(`Rollback (`);
  await expect(page.getByTestId('live-commit')).toHaveText(earlier.commit!.slice(0, 7));
  expect((await request.get('/')).status()).toBe(200);
  // Now the newer deployment is the one to roll back to.
  await expect(page.getByRole('button', { name: `Roll back to deployment ${newer!.id}` })).toBeVisible();
});

test.describe('site settings', () => {
  // The refused setting is a 400 the browser logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });
  const name = 'Calm Steps';
  test.afterAll(async ({ browser }) => {
    // Today's copy again for whatever runs next on this stack.
    const context = await browser.newContext();
    await createMember(context.request, { signIn: true, admin: true });
    const { policiesLastUpdated: _date, ...defaults } = DEFAULT_SITE_SETTINGS;
    await context.request.put('/api/admin/settings', { data: defaults });
    await context.close();
  });

  test('an admin changes the settings in the Settings tab; after the rebuild every page shows them, and a bad setting shows its message', async ({ page, request }) => {
    test.setTimeout(240_000);
    await signedInAdmin(page);
    await page.goto('/admin');
    await openTab(page, 'Settings');
    await expect(page.getByLabel('Site name')).toHaveValue(DEFAULT_SITE_SETTINGS.siteName);
    await screenshots(page, 'settings');

    // A bad setting is refused with its message, at its field.
    await page.getByLabel('Contact email').fill('not-an-address');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('The contact email must be a valid email address.').first()).toBeVisible();
    await expect(toasts(page).getByText('Settings not saved')).toBeVisible();
    expect(((await (await request.get('/api/settings')).json()) as SiteSettings).contactEmail).toBe(DEFAULT_SITE_SETTINGS.contactEmail);

    await page.getByLabel('Contact email').fill('team@calmsteps.example');
    await page.getByLabel('Site name').fill(name);
    await page.getByLabel('Tagline').fill('One calm step a day');
    await page.getByLabel('Default author (studio) name').fill(`${name} Studio`);
    await page.getByLabel('X', { exact: true }).fill('https://x.com/calmsteps');
    await page.getByRole('switch', { name: /Show ads/ }).click();
    await page.getByRole('switch', { name: /Maintenance banner/ }).click();
    await page.getByLabel('Banner text').fill('Maintenance tonight from 22:00.');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(toasts(page).getByText('Settings saved')).toBeVisible();
    expect(((await (await request.get('/api/settings')).json()) as SiteSettings).siteName).toBe(name);

    // Static pages and an on-demand one: titles, header, footer, banner, no ads.
    const [article] = await articles(request);
    await expect.poll(async () => (await page.goto('/about'), page.title()), { timeout: 180_000, intervals: [2000] }).toBe(`About | ${name}`);
    for (const path of ['/', '/about', `/articles/${article!.id}`, '/policies', '/search?q=habit', '/admin']) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(new RegExp(`${name}$`));
      await expect(page.getByRole('link', { name: `${name} home` }).first(), path).toBeVisible();
      await expect(page.locator('[data-maintenance-banner]'), path).toHaveText('Maintenance tonight from 22:00.');
      await expect(page.getByRole('contentinfo'), path).toContainText(`© ${new Date().getFullYear()} ${name} Studio`);
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'X', exact: true }), path).toHaveAttribute('href', 'https://x.com/calmsteps');
      await expect(page.locator('[data-ad-slot]'), path).toHaveCount(0);
    }
    await page.goto('/');
    await expect(page.getByText('One calm step a day').first()).toBeVisible();
  });
});

test.describe('one sign-in for the CMS', () => {
  // Payload's admin asks for its own session first; a refused one logs the browser's 401/403.
  test.use({ allowedConsoleErrors: [/status of 40[13]/] });

  test('a site admin opens the CMS signed in, and the Articles tab’s Edit opens that article there', async ({ page, request }) => {
    test.setTimeout(120_000);
    await signedInAdmin(page);
    await page.goto('/cms/admin');
    await expect(page).not.toHaveURL(/login/);
    await expect(page.getByRole('link', { name: 'Articles', exact: true }).first()).toBeVisible({ timeout: 30_000 });

    const [article] = await articles(request);
    await page.goto('/admin');
    await openTab(page, 'Articles');
    await page.getByRole('link', { name: `Edit ${article!.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/cms/admin/collections/articles/${article!.id}$`));
    await expect(page.locator('#field-title')).toHaveValue(article!.title, { timeout: 30_000 });
  });

  test('moderators and members get the CMS’s own sign-in form', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signedInAdmin(page);
    const modContext = await browser.newContext();
    const moderator = await createMember(modContext.request, { signIn: true });
    expect((await page.request.post(`/api/admin/users/${moderator.id}/role`, { data: { role: 'moderator' } })).ok()).toBe(true);
    const memberContext = await browser.newContext();
    await createMember(memberContext.request, { signIn: true, tier: 'vip' });
    for (const context of [modContext, memberContext]) {
      const other = await context.newPage();
      await other.goto('/cms/admin');
      await expect(other).toHaveURL(/\/cms\/admin\/login/);
      await expect(other.getByLabel('Email')).toBeVisible();
    }
    await modContext.close();
    await memberContext.close();
  });
});

test('the System tab shows versions, uptimes, content counts, freshness, sockets and recent server errors', async ({ page, request }) => {
  await signedInAdmin(page);
  await page.goto('/admin');
  await openTab(page, 'System');
  const figures = page.getByTestId('system-figures');
  await expect(figures.getByRole('region', { name: 'Versions' })).toContainText(/Node\s*v\d+\.\d+/);
  await expect(figures.getByRole('region', { name: 'Versions' })).toContainText(/Payload\s*3\.\d+/);
  await expect(figures.getByRole('region', { name: 'Versions' })).toContainText(/Astro\s*\d+\.\d+/);
  await expect(figures.getByRole('region', { name: 'Uptime' })).toContainText('CMS');
  await expect(figures.getByRole('region', { name: 'Content' })).toContainText(`Articles${(await articles(request)).length}`);
  await expect(figures.getByRole('region', { name: 'Freshness' })).toContainText('Last deploy');
  await expect(figures.getByRole('region', { name: 'Connections' })).toContainText('Open chat sockets');
  await screenshots(page, 'system');
});

test('a pushed commit that changes the API’s code is deployed, and the supervisor restarts the API from it: the tab says so', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signedInAdmin(page);
  const admin = page.request;
  /** Deploys the branch through POST /api/deploy and waits for the deployment and its restart to end (the API is away meanwhile: `npm start` runs one instance). */
  async function deployAndWait(): Promise<{ id: number; commit: string; status: string; restartNeeded: string[]; restart: { status: string; log: string } | null }> {
    const { deployment } = await (await admin.post('/api/deploy')).json();
    let last = deployment;
    await expect.poll(async () => {
      const res = await admin.get(`/api/admin/deployments/${deployment.id}`).catch(() => null);
      if (res?.ok()) last = await res.json();
      return last.status !== 'running' && !['requested', 'restarting'].includes(last.restart?.status);
    }, { timeout: 240_000, intervals: [1000] }).toBe(true);
    return last;
  }
  // What changed is known against a live commit: when this test runs alone, the branch goes live first.
  if (!(await (await admin.get('/api/admin/deployments')).json()).liveCommit) await deployAndWait();
  const before = await (await request.get('/api/health')).json();
  const release = `release-${Date.now()}`;
  const healthFile = path.join(pusher, 'api/src/routes/health.ts');
  const source = readFileSync(healthFile, 'utf8');
  const changed = source.replace("res.json({ status: 'ok', instance,", `res.json({ status: 'ok', release: '${release}', instance,`);
  expect(changed, 'the health route still answers the way this test changes it').not.toBe(source);
  // The rollback test above leaves a home page that fails when served on the branch: this commit puts it right.
  const broken = git(pusher, 'log', '-1', '--format=%H', '--fixed-strings', '--grep=A home page that fails when served');
  const homePage: Record<string, string> = broken ? { 'site/src/pages/index.astro': `${git(pusher, 'show', `${broken}^:site/src/pages/index.astro`)}\n` } : {};
  const commit = push('The health check names its release', { 'api/src/routes/health.ts': changed, ...homePage });

  const done = await deployAndWait();
  expect(done).toMatchObject({ commit, status: 'succeeded', restartNeeded: ['api'], restart: { status: 'restarted' } });
  expect(done.restart!.log).toContain(`deploy-releases/${commit}`);
  // Another process, running the pushed commit.
  const after = await (await request.get('/api/health')).json();
  expect(after.release).toBe(release);
  expect(after.instance).not.toBe(before.instance);

  await page.goto('/admin');
  await openTab(page, 'Deployment');
  await expect(page.getByTestId('deployment-row').first()).toContainText('Live · restarted');
  await page.getByRole('button', { name: `Show the log of deployment ${done.id}` }).click();
  await expect(page.getByTestId('restart-note')).toHaveText('The api code changed: restarted, the new code is running.');
  await expect(page.getByTestId('restart-log')).toContainText('restarted: api');
});
