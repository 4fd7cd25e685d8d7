// `node bench/rolling-restart.mjs`: a deployment that changes the API's own code, end to
// end on the production shape (Caddy, two API instances, the CMS, the site server), with a local
// bare clone of this repository standing in for GitHub. An admin deploys the branch; a commit that
// changes the API's /api/health answer is pushed and deployed; the supervisor restarts the two
// instances one at a time from the deployed working copy while a loop reads /api/health through
// Caddy. Prints the restart's log, how long it took and how many reads failed (must be 0), and
// checks both instances run the new code. Then a commit that changes the CMS's code too: its
// `next build` runs in the commit's release folder while the old CMS serves, then the instances and
// the CMS are restarted from it; prints how long the one CMS instance was away.
//   BENCH_DATABASE_URL (the PostgreSQL server for a fresh database; default the machine's), BENCH_PORT (8280)
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { startProductionShape } from '../scripts/lib/production-shape.mjs';
import { firstAdminCookie } from './demo-admin.mjs';
import { git, localGitHub } from './local-github.mjs';
import { root } from '../scripts/lib/stack.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 8280);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failures = 0;
const check = (ok, what) => {
  console.log(`  ${ok ? '✓' : '✗'} ${what}`);
  if (!ok) failures += 1;
};

const { work, bare, branch, pusher } = localGitHub('bench-rolling-');

const admin = new pg.Client({ connectionString: SERVER_URL });
await admin.connect();
await admin.query('drop database if exists bench_rolling with (force)');
await admin.query('create database bench_rolling');
await admin.end();
const databaseUrl = Object.assign(new URL(SERVER_URL), { pathname: '/bench_rolling' }).toString();
const dataDir = path.join(root, '.data/bench-rolling-restart');
await rm(dataDir, { recursive: true, force: true });
const publicUrl = `http://localhost:${PORT}`;
const shape = await startProductionShape({
  databaseUrl, dataDir, publicUrl, portBase: PORT + 100, demoContent: true, log: (name, line) => name === 'supervisor' && console.log(`    [${name}] ${line}`),
  env: { LOG_LEVEL: 'warn', DEPLOY_REPOSITORY: bare, DEPLOY_BRANCH: branch, ADMIN_USERNAME: 'Owner', ADMIN_PASSWORD: 'owner-pass-2026', ADMIN_EMAIL: 'owner@example.com' },
});

try {
  const cookie = await firstAdminCookie(publicUrl, publicUrl, { username: 'Owner', password: 'owner-pass-2026' });
  const call = async (method, url) => {
    const res = await fetch(`${publicUrl}${url}`, { method, headers: { cookie, origin: publicUrl } });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const deployAndWait = async () => {
    const { deployment } = await call('POST', '/api/deploy');
    for (;;) {
      const d = await call('GET', `/api/admin/deployments/${deployment.id}`).catch(() => null);
      if (d && d.status !== 'running' && !['requested', 'restarting'].includes(d.restart?.status)) return d;
      await sleep(500);
    }
  };

  console.log('\nthe first deploy from the repository (the working copy is cloned; nothing to restart)');
  const first = await deployAndWait();
  check(first.status === 'succeeded' && first.restart === null, `deployed ${first.commit?.slice(0, 12)} (${first.status})`);

  console.log('\na commit that changes the API’s own code (its /api/health answer), deployed');
  const health = path.join(pusher, 'api/src/routes/health.ts');
  const source = readFileSync(health, 'utf8');
  const marker = `rolling-${Date.now()}`;
  writeFileSync(health, source.replace("res.json({ status: 'ok', instance,", `res.json({ status: 'ok', release: '${marker}', instance,`));
  git(pusher, 'commit', '--quiet', '-am', 'Health names its release');
  git(pusher, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);

  // Reads through Caddy the whole time: none may fail while the instances restart one at a time.
  let reading = true;
  const reads = { ok: 0, failed: 0, statuses: {} };
  const loops = Array.from({ length: 4 }, async () => {
    while (reading) {
      const res = await fetch(`${publicUrl}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (res?.ok) reads.ok += 1;
      else {
        reads.failed += 1;
        const key = res ? String(res.status) : 'network';
        reads.statuses[key] = (reads.statuses[key] ?? 0) + 1;
      }
      await res?.arrayBuffer().catch(() => undefined);
    }
  });
  const started = Date.now();
  const second = await deployAndWait();
  const seconds = (Date.now() - started) / 1000;
  await sleep(1000);
  reading = false;
  await Promise.all(loops);

  console.log(`  deployment ${second.id}: ${second.status}, restart needed: ${second.restartNeeded.join(', ')}, restart ${second.restart?.status}`);
  console.log(second.restart?.log.trimEnd().split('\n').map((l) => `    ${l}`).join('\n'));
  const releases = await Promise.all(shape.apiUrls.map((u) => fetch(`${u}/api/health`).then((r) => r.json())));
  console.log(`  deploy and rolling restart ${seconds.toFixed(1)} s; reads through Caddy meanwhile: ${reads.ok} answered, ${reads.failed} failed ${JSON.stringify(reads.statuses)}`);
  check(second.status === 'succeeded' && second.restartNeeded.includes('api'), 'the deployment says the API code changed');
  check(second.restart?.status === 'restarted', 'the supervisor restarted the API instances and said so');
  check(releases.every((h) => h.release === marker), `both instances run the new code (${releases.map((h) => h.instance).join(', ')})`);
  check(reads.failed === 0, 'no read failed while the instances restarted one at a time');

  console.log('\na commit that changes the API’s and the CMS’s code, deployed');
  const info = path.join(pusher, 'cms/src/endpoints/service-info.ts');
  const cmsMarker = `cms-${Date.now()}`;
  writeFileSync(info, readFileSync(info, 'utf8').replace('Response.json({ payloadVersion,', `Response.json({ release: '${cmsMarker}', payloadVersion,`));
  writeFileSync(health, readFileSync(health, 'utf8').replace(marker, cmsMarker));
  git(pusher, 'commit', '--quiet', '-am', 'Service info names its release');
  git(pusher, 'push', '--quiet', 'origin', `HEAD:refs/heads/${branch}`);
  const cmsInfo = () => fetch(`${shape.cmsUrl}/cms/api/service-info`, { headers: { 'x-internal-secret': shape.internalSecret }, signal: AbortSignal.timeout(5_000) }).then((r) => r.json()).catch(() => null);
  const cmsPidBefore = shape.services.cms.child.pid;
  // The API reads go on; the CMS (one instance) is read too, to say how long it was away.
  reading = true;
  const apiReads = { ok: 0, failed: 0 };
  const cmsReads = { ok: 0, failed: 0, firstFailure: 0, lastFailure: 0 };
  const apiLoops = Array.from({ length: 2 }, async () => {
    while (reading) {
      const res = await fetch(`${publicUrl}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      apiReads[res?.ok ? 'ok' : 'failed'] += 1;
      await res?.arrayBuffer().catch(() => undefined);
    }
  });
  const cmsLoop = (async () => {
    while (reading) {
      const res = await fetch(`${publicUrl}/cms/api/categories?limit=1`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
      if (res?.ok) cmsReads.ok += 1;
      else {
        cmsReads.failed += 1;
        cmsReads.lastFailure = Date.now();
        cmsReads.firstFailure ||= cmsReads.lastFailure;
      }
      await res?.arrayBuffer().catch(() => undefined);
      await sleep(100);
    }
  })();
  const thirdStarted = Date.now();
  const third = await deployAndWait();
  const thirdSeconds = (Date.now() - thirdStarted) / 1000;
  await sleep(1000);
  reading = false;
  await Promise.all([...apiLoops, cmsLoop]);
  console.log(`  deployment ${third.id}: ${third.status}, restart needed: ${third.restartNeeded.join(', ')}, restart ${third.restart?.status}`);
  console.log(third.restart?.log.trimEnd().split('\n').map((l) => `    ${l}`).join('\n'));
  const cmsAway = cmsReads.failed ? (cmsReads.lastFailure - cmsReads.firstFailure) / 1000 : 0;
  console.log(`  deploy, CMS build in the release and restarts ${thirdSeconds.toFixed(1)} s; API reads through Caddy: ${apiReads.ok} answered, ${apiReads.failed} failed; CMS reads: ${cmsReads.ok} answered, ${cmsReads.failed} failed (away about ${cmsAway.toFixed(1)} s: one instance)`);
  const cmsAfter = await cmsInfo();
  const apiAfter = await Promise.all(shape.apiUrls.map((u) => fetch(`${u}/api/health`).then((r) => r.json())));
  check(third.status === 'succeeded' && third.restartNeeded.join() === 'api,cms', 'the deployment says the API and CMS code changed');
  check(third.restart?.status === 'restarted', 'the supervisor built the CMS in the release, restarted the API instances and the CMS, and said so');
  check(cmsAfter?.release === cmsMarker && shape.services.cms.child.pid !== cmsPidBefore, `the CMS runs the new code (pid ${cmsPidBefore} → ${shape.services.cms.child.pid})`);
  check(apiAfter.every((h) => h.release === cmsMarker), 'both API instances run the new code');
  check(apiReads.failed === 0, 'no API read failed meanwhile');
  const left = readdirSync(path.join(dataDir, 'deploy-releases'));
  check(left.length === 1 && left[0] === third.commit, `one release folder is left, the running one (${left.map((r) => r.slice(0, 12)).join(', ')})`);
} finally {
  await shape.stop();
  rmSync(work, { recursive: true, force: true });
}
console.log(failures ? `\n${failures} check(s) failed` : '\nall checks passed');
process.exit(failures ? 1 : 0);
