// `node bench/deploy.mjs`: the publishing and deployment figures (issue 23), through the
// whole stack built for production, with a local bare clone of this repository standing in for
// GitHub. At the demo's 26 articles and again at 500 (474 generated through the CMS's REST API):
// publish-to-live for an article edit (the CMS save answered → the static page shows the new
// title), schedule-to-live (an article's publish time → its static page, issue 36) and a full
// deploy's wall time (POST /api/deploy → live). Then the requests that failed
// while a deploy ran and while a deploy was rolled back (a pushed commit whose build fails),
// counted by a loop loading the home page, an article and /api/health through the front door.
//
// DEPLOY_S3=1 publishes the builds to a bucket (issue 50 #2: SITE_BUILDS_S3_*, a local s3rver here)
// and adds a second host: a site server of its own in this process, with its own cache, following
// the same builds. Publish-to-live is then the time until both hosts show the edit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { siteBuildsStorageFromEnv } from '@app/shared/server';
import { createLiveSite } from '@app/site/live-site';
import { totpCode } from '@app/test-support/second-factor';
import { DEMO_CMS_ADMIN, root, startStack } from '../scripts/lib/stack.mjs';
import { git, localGitHub } from './local-github.mjs';
import { demoAdminCookie } from './demo-admin.mjs';

const PORT = 3900;
const TARGET = 500;
// DEPLOY_RUNS: how many edits and scheduled articles are timed at each size (2); DEPLOY_DEMO_ONLY=1
// stops after the demo content's figures (no broken commits, no 500 articles).
const RUNS = Number(process.env.DEPLOY_RUNS ?? 2);
const DEMO_ONLY = process.env.DEPLOY_DEMO_ONLY === '1';
const S3 = process.env.DEPLOY_S3 === '1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const { work, bare, branch, pusher } = localGitHub('bench-deploy-');

const dataDir = path.join(root, '.data/bench-deploy');
await rm(dataDir, { recursive: true, force: true });
const bucket = S3 ? await startBucket() : null;
const stack = await startStack({
  dataDir, port: PORT, apiPort: PORT + 1, cmsPort: PORT + 2, dbPort: 54397, log: () => {},
  // The rebuild debounce as `npm start` has it (500 ms): publish-to-live as a site owner gets it.
  env: { LOG_LEVEL: 'warn', DEPLOY_REPOSITORY: bare, DEPLOY_BRANCH: branch, GITHUB_WEBHOOK_SECRET: 'bench-secret', ...bucket?.env },
});
const site = stack.url;
const secondHost = bucket ? await startSecondHost(stack.env) : null;

/** A local S3-compatible server with the builds' bucket. */
async function startBucket() {
  const directory = mkdtempSync(path.join(tmpdir(), 'bench-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: 'bench-builds', configs: [] }] });
  const { port } = await server.run();
  const env = { SITE_BUILDS_S3_BUCKET: 'bench-builds', SITE_BUILDS_S3_ENDPOINT: `http://127.0.0.1:${port}`, SITE_BUILDS_S3_ACCESS_KEY_ID: 'S3RVER', SITE_BUILDS_S3_SECRET_ACCESS_KEY: 'S3RVER' };
  return { env, stop: async () => (await server.close(), rmSync(directory, { recursive: true, force: true })) };
}

/** Another host's site server: its own cache, the same database and bucket. */
async function startSecondHost(env) {
  const cache = mkdtempSync(path.join(tmpdir(), 'bench-host-'));
  const host = await createLiveSite({ buildsDir: cache, published: { databaseUrl: env.DATABASE_URL, storage: siteBuildsStorageFromEnv(env) } });
  const server = createServer((req, res) => host.handle(req, res));
  await new Promise((r) => server.listen(PORT + 10, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${PORT + 10}`,
    async stop() {
      await host.published.stop();
      await new Promise((r) => server.close(r));
      rmSync(cache, { recursive: true, force: true });
    },
  };
}
const origin = { origin: site };

async function signIn(url, body) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...origin }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`sign-in at ${url} answered ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}
const json = async (res) => {
  if (!res.ok) throw new Error(`${res.url} answered ${res.status}: ${await res.text()}`);
  return res.json();
};

/** Each time, then the median and the longest. */
function spread(seconds) {
  const sorted = [...seconds].sort((a, b) => a - b);
  return `${seconds.map((s) => `${s.toFixed(1)} s`).join(', ')} (median ${sorted[Math.floor((sorted.length - 1) / 2)].toFixed(1)} s, longest ${sorted.at(-1).toFixed(1)} s)`;
}

/** No deployment running and none queued for a few seconds: the site shows the newest content. */
async function settled(admin) {
  for (let quiet = 0; quiet < 3; ) {
    const overview = await json(await fetch(`${site}/api/admin/deployments`, { headers: { cookie: admin } }));
    quiet = overview.running ? 0 : quiet + 1;
    await sleep(1500);
  }
}

async function publishToLive(editor, articleId) {
  const title = `Bench edit ${Date.now()}`;
  await json(await fetch(`${site}/cms/api/articles/${articleId}`, { method: 'PATCH', headers: { 'content-type': 'application/json', cookie: editor, ...origin }, body: JSON.stringify({ title }) }));
  const saved = performance.now();
  const shows = async (host) => (await (await fetch(`${host}/articles/${articleId}`)).text()).includes(title);
  for (const host of [site, ...(secondHost ? [secondHost.url] : [])]) {
    while (!(await shows(host))) {
      // A rebuild that failed (a broken working tree) would otherwise be waited on for ever.
      if (performance.now() - saved > 180_000) throw new Error(`the edit was not live on ${host} after 180 s (see Admin → Deployments)`);
      await sleep(200);
    }
  }
  return (performance.now() - saved) / 1000;
}

/**
 * Schedule-to-live (issue 36): an article published for a time 20 s ahead; from that time until its
 * static page answers with it. The scheduled-publishing job looks every 15 s (SCHEDULED_PUBLISHING_INTERVAL_MS).
 */
async function scheduleToLive(editor) {
  const categories = await json(await fetch(`${site}/cms/api/categories?limit=1`, { headers: { cookie: editor } }));
  const node = { direction: null, format: '', indent: 0, version: 1 };
  const content = { root: { ...node, type: 'root', children: [{ ...node, type: 'paragraph', textFormat: 0, children: [{ type: 'text', version: 1, text: 'Scheduled.', format: 0, detail: 0, mode: 'normal', style: '' }] }] } };
  const goesLive = Date.now() + 20_000;
  const { doc } = await json(await fetch(`${site}/cms/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: editor, ...origin }, body: JSON.stringify({ title: `Bench scheduled ${goesLive}`, membershipRequired: 'free', category: categories.docs[0].id, content, publishDate: new Date(goesLive).toISOString(), _status: 'published' }) }));
  for (;;) {
    const res = await fetch(`${site}/articles/${doc.id}`);
    await res.arrayBuffer();
    if (res.status === 200) {
      if (Date.now() < goesLive) throw new Error('a scheduled article was on the site before its time');
      return (Date.now() - goesLive) / 1000;
    }
    await sleep(200);
  }
}

/** The median time of each step of the newest content rebuilds (publishing to S3 is their switch). */
async function stepMedians(admin, count) {
  const { deployments } = await json(await fetch(`${site}/api/admin/deployments`, { headers: { cookie: admin } }));
  const recent = deployments.filter((d) => d.kind === 'content' && d.status === 'succeeded').slice(0, count);
  const byStep = new Map();
  for (const d of recent) for (const { step, ms } of d.steps) byStep.set(step, [...(byStep.get(step) ?? []), ms]);
  return [...byStep].map(([step, ms]) => `${step} ${(ms.sort((a, b) => a - b)[Math.floor((ms.length - 1) / 2)] / 1000).toFixed(1)} s`).join(', ');
}

function requestLoop(articleId) {
  let running = true;
  let total = 0;
  let failed = 0;
  const loop = (async () => {
    while (running) {
      for (const p of ['/', `/articles/${articleId}`, '/api/health']) {
        total++;
        const res = await fetch(`${site}${p}`, { redirect: 'manual', signal: AbortSignal.timeout(15_000) }).catch(() => null);
        if (!res || res.status >= 400) failed++;
        await res?.arrayBuffer().catch(() => undefined);
      }
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { total, failed };
  };
}

async function deploy(admin, articleId) {
  const stop = requestLoop(articleId);
  const started = performance.now();
  const { deployment } = await json(await fetch(`${site}/api/deploy`, { method: 'POST', headers: { cookie: admin, ...origin } }));
  let detail;
  do {
    await sleep(500);
    detail = await json(await fetch(`${site}/api/admin/deployments/${deployment.id}`, { headers: { cookie: admin } }));
  } while (detail.status === 'running' || detail.status === 'queued');
  const seconds = (performance.now() - started) / 1000;
  return { seconds, status: detail.status, ...(await stop()) };
}

async function generateArticles(editor, count) {
  const categories = await json(await fetch(`${site}/cms/api/categories?limit=100`, { headers: { cookie: editor } }));
  const node = { direction: null, format: '', indent: 0, version: 1 };
  for (let i = 0; i < count; i++) {
    const text = `Generated article ${i}. Small steps add up: write it down, do it daily, and review it weekly. `.repeat(8);
    const content = { root: { ...node, type: 'root', children: [{ ...node, type: 'paragraph', textFormat: 0, children: [{ type: 'text', version: 1, text, format: 0, detail: 0, mode: 'normal', style: '' }] }] } };
    const category = categories.docs[i % categories.docs.length].id;
    await json(await fetch(`${site}/cms/api/articles`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: editor, ...origin }, body: JSON.stringify({ title: `Generated article ${i}`, excerpt: `Article ${i} in brief.`, membershipRequired: i % 5 === 0 ? 'pro' : 'free', category, content, _status: 'published' }) }));
  }
}

try {
  const admin = await demoAdminCookie(site, site);
  const editor = await signIn(`${site}/cms/api/users/login`, { email: DEMO_CMS_ADMIN.email, password: DEMO_CMS_ADMIN.password, code: totpCode(DEMO_CMS_ADMIN.totpSecret) });
  await settled(admin);
  const list = await json(await fetch(`${site}/api/articles`));
  const articleId = list[0].id;

  const figures = async (label) => {
    await settled(admin);
    const count = (await json(await fetch(`${site}/api/articles`))).length;
    const edits = [];
    for (let i = 0; i < RUNS; i++) {
      edits.push(await publishToLive(editor, articleId));
      await settled(admin);
    }
    const steps = await stepMedians(admin, RUNS);
    const scheduled = [];
    for (let i = 0; i < RUNS; i++) {
      scheduled.push(await scheduleToLive(editor));
      await settled(admin);
    }
    const d = await deploy(admin, articleId);
    console.log(`deploy (${label}: ${count} articles${S3 ? ', builds published to S3, two hosts' : ''}): publish-to-live for an article edit ${spread(edits)} (its deployment's median steps: ${steps}); schedule-to-live (its time → its static page) ${spread(scheduled)}; full deploy (git fetch, build, health check, switch) ${d.seconds.toFixed(1)} s, ${d.status}; ${d.failed} of ${d.total} requests failed meanwhile`);
  };
  await figures('demo content');
  if (!DEMO_ONLY) {
    // A commit whose site build fails, and one whose home page fails the health check: each rolled
    // back, the old site serving throughout; then reverted.
    const broken = {
      'whose build fails': ['site/src/pages/bench-broken.astro', "---\nthrow new Error('This page breaks the build on purpose.');\n---\n"],
      'whose health check fails': ['site/src/pages/index.astro', "---\nexport const prerender = false;\nthrow new Error('This home page fails on purpose.');\n---\n"],
    };
    for (const [what, [file, body]] of Object.entries(broken)) {
      writeFileSync(path.join(pusher, file), body);
      git(pusher, 'add', '-A');
      git(pusher, 'commit', '--quiet', '-m', `A commit ${what}`);
      git(pusher, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
      const d = await deploy(admin, articleId);
      console.log(`deploy: a commit ${what}: ${d.status} after ${d.seconds.toFixed(1)} s; ${d.failed} of ${d.total} requests failed meanwhile`);
      git(pusher, 'revert', '--no-edit', 'HEAD');
      git(pusher, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
    }

    const generated = TARGET - (await json(await fetch(`${site}/cms/api/articles?limit=1`, { headers: { cookie: editor, ...origin } }))).totalDocs;
    const started = performance.now();
    await generateArticles(editor, generated);
    console.log(`deploy: ${generated} articles created through the CMS REST API in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    await figures('generated');
  }
} finally {
  await secondHost?.stop();
  await stack.stop();
  await bucket?.stop();
  rmSync(work, { recursive: true, force: true });
}
