// Brings up the whole stack — database, CMS, API, site build, front door — and takes it down
// again. Used by `npm start`, `npm run dev`, the end-to-end tests and the benchmarks.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDatabase, startEmbeddedPostgres } from '@app/embedded-db';
import { startService } from '@app/supervisor';
import { createRollingRestarter, reportToApi } from '@app/supervisor/rolling-restart';
import { API_NODE_FLAGS, API_PROCESS_ENV, SITE_NODE_FLAGS, SITE_PROCESS_ENV } from '../../deploy/shape.mjs';

export const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const node = process.execPath;

/**
 * Fixed demo credentials, seeded only in embedded demo mode (never with NODE_ENV=production); the
 * published authenticator key is their second factor (issue 52 #3): add it to an authenticator app.
 */
export const DEMO_CMS_ADMIN = { email: 'editor@example.com', password: 'editor-demo-pass', totpSecret: '3J5FPMF563EC7E2M4ICDX7PX36O7O3I4' };

/** The generated PAYLOAD_SECRET and INTERNAL_SECRET of a data folder (made on first use). */
export function loadSecrets(dataDir) {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const secrets = { payloadSecret: randomBytes(32).toString('hex'), internalSecret: randomBytes(32).toString('hex') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function hashTree(paths) {
  const h = createHash('sha256');
  const walk = (p) => {
    const st = statSync(p, { throwIfNoEntry: false });
    if (!st) return;
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) if (name !== 'node_modules' && !name.startsWith('.next')) walk(path.join(p, name));
    } else {
      h.update(p);
      h.update(readFileSync(p));
    }
  };
  paths.forEach(walk);
  return h.digest('hex');
}

/** The API's unix socket under the system's temporary folder; none where that path would pass the 107 bytes a socket address holds. */
function defaultApiSocket(apiPort) {
  const socketPath = path.join(tmpdir(), `better-self-api-${apiPort}.sock`);
  return Buffer.byteLength(socketPath) < 100 ? socketPath : '';
}

/** Runs a one-off step; its output is shown only if it fails. */
function run(name, args, opts) {
  return new Promise((resolve, reject) => {
    const child = spawn(node, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (d) => (output += d);
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${name} failed (exit ${code}):\n${output.slice(-4000)}`))));
  });
}

export function assertPortFree(port, what) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new Error(`port ${port} (${what}) is already in use — is another copy running? Set ${what === 'site' ? 'PORT' : what === 'api' ? 'API_PORT' : what === 'cms' ? 'CMS_PORT' : 'EMBEDDED_DB_PORT'} to use another.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(resolve));
  });
}

/** The status of a GET (node:http, since fetch does not let a caller set the Host header). */
function statusOf(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 5000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
  });
}

export async function waitFor(url, { timeoutMs = 120_000, ok = (s) => s < 500, service, headers } = {}) {
  const until = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < until) {
    if (service && service.child.exitCode !== null) throw new Error(`${service.name} exited while starting (code ${service.child.exitCode})`);
    try {
      const status = await statusOf(url, headers);
      if (ok(status)) return;
      last = `status ${status}`;
    } catch (err) {
      last = err.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`timed out waiting for ${url} (${last})`);
}

/**
 * @param {{
 *   dataDir?: string, port?: number, apiPort?: number, cmsPort?: number, dbPort?: number,
 *   mode?: 'production' | 'dev', log?: (name: string, line: string) => void, quiet?: boolean,
 *   env?: Record<string, string>,
 * }} options
 */
export async function startStack(options = {}) {
  const env = { ...process.env, ...options.env };
  const dataDir = path.resolve(options.dataDir ?? env.DATA_DIR ?? path.join(root, '.data'));
  const port = Number(options.port ?? env.PORT ?? 3000);
  const apiPort = Number(options.apiPort ?? env.API_PORT ?? 3001);
  const cmsPort = Number(options.cmsPort ?? env.CMS_PORT ?? 3002);
  const dbPort = Number(options.dbPort ?? env.EMBEDDED_DB_PORT ?? 54329);
  const mode = options.mode ?? 'production';
  const production = env.NODE_ENV === 'production';
  const log = options.log ?? ((name, line) => console.log(`[${name}] ${line}`));
  const step = (msg) => log('start', msg);
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  const services = [];
  let db = null;

  async function stop() {
    for (const s of [...services].reverse()) await s.stop();
    if (db) await db.stop();
  }

  try {
    await assertPortFree(port, 'site');
    await assertPortFree(apiPort, 'api');
    await assertPortFree(cmsPort, 'cms');
    if (!env.DATABASE_URL) await assertPortFree(dbPort, 'database');
    const secrets = loadSecrets(dataDir);
    let databaseUrl = env.DATABASE_URL;
    if (!databaseUrl) {
      step(`starting the embedded PostgreSQL (data in ${path.relative(root, dataDir) || '.'}/postgres, port ${dbPort})`);
      db = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), port: dbPort });
      await ensureDatabase(db.url(), 'app');
      databaseUrl = db.url('app');
    }
    const demo = !env.DATABASE_URL && !production;
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
    const mediaDir = path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media'));
    const buildsDir = path.resolve(env.SITE_BUILDS_DIR ?? path.join(dataDir, 'site-builds'));
    const shared = {
      ...env,
      DATABASE_URL: databaseUrl,
      PAYLOAD_SECRET: env.PAYLOAD_SECRET ?? secrets.payloadSecret,
      INTERNAL_SECRET: env.INTERNAL_SECRET ?? secrets.internalSecret,
      CMS_URL: `http://127.0.0.1:${cmsPort}`,
      API_URL: `http://127.0.0.1:${apiPort}`,
      // The API listens here too and the front door relays its reads through it (empty: TCP only).
      // Not in dev mode: `node --watch` may start the next API before the last one has let the file go.
      API_SOCKET: mode === 'dev' ? '' : (env.API_SOCKET ?? defaultApiSocket(apiPort)),
      PUBLIC_URL: publicUrl,
      MEDIA_DIR: mediaDir,
      SITE_BUILDS_DIR: buildsDir,
      NEXT_TELEMETRY_DISABLED: '1',
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    const siteDir = path.join(root, 'site');

    step('preparing the CMS database (migrations' + (demo ? ', demo content' : '') + ')');
    await prepareCms(shared, demo);
    if (mode === 'production') await buildCms(shared, step);
    const nextBin = cmsPackageFile(root, 'next/dist/bin/next');
    step('starting the CMS');
    const cms = startService('cms', [nextBin, mode === 'production' ? 'start' : 'dev', '-p', String(cmsPort), '-H', '127.0.0.1'], {
      cwd: path.join(root, 'cms'),
      env: { ...shared, NODE_ENV: mode === 'production' ? 'production' : 'development' },
    }, log);
    services.push(cms);

    step('starting the API');
    const api = startService('api', [...API_NODE_FLAGS, ...(mode === 'dev' ? ['--watch'] : []), 'src/server.ts'], {
      cwd: path.join(root, 'api'),
      env: { ...shared, ...API_PROCESS_ENV, API_PORT: String(apiPort), SITE_DIR: siteDir, DEMO_ACCOUNTS: demo ? 'true' : 'false', NODE_ENV: production ? 'production' : (env.NODE_ENV ?? 'development') },
    }, log, { onMessage: (message) => restarter.request(message) });
    services.push(api);
    // A deployment that changed the API's or the CMS's code: restarted from it (the CMS built there first).
    const restarter = createRollingRestarter({
      groups: { api: [{ service: api, healthUrl: `${shared.API_URL}/api/health` }], cms: [{ service: cms, healthUrl: `${shared.CMS_URL}/cms/api/categories?limit=1` }] },
      appRoot: root,
      prepare: mode === 'production' ? { cms: (codeRoot) => buildCmsIn(codeRoot, shared) } : {},
      report: reportToApi({ apiUrls: [shared.API_URL], internalSecret: shared.INTERNAL_SECRET }),
      log,
    });
    await waitFor(`${shared.CMS_URL}/cms/api/categories?limit=1`, { service: cms, timeoutMs: 180_000, ok: (s) => s === 200 });
    await waitFor(`${shared.API_URL}/api/health`, { service: api, ok: (s) => s === 200 });
    // The API loaded content while the CMS was still starting; load again now it is up.
    const signalled = Date.now();
    await signalApi(shared, 'content-changed', { collection: 'startup', operation: 'update' });
    for (let i = 0; i < 50; i++) {
      const health = await (await fetch(`${shared.API_URL}/api/health`)).json();
      if (Date.parse(health.contentLoadedAt) >= signalled) break;
      await new Promise((r) => setTimeout(r, 100));
    }

    let siteDevUrl;
    if (mode === 'production') {
      const hasBuild = existsSync(path.join(buildsDir, 'current'));
      if (hasBuild) {
        step('serving the last site build; rebuilding in the background');
        // The code may have changed since that build (the content alone would not rebuild it).
        void signalApi(shared, 'rebuild', { trigger: 'startup' }).then(
          (result) => result.status !== 'succeeded' && log('start', `the background site build did not succeed (see deployment ${result.id}); the last build keeps serving`),
          (err) => log('start', `could not ask for a background site build: ${err.message}`),
        );
      } else {
        step('building the site from the CMS content');
        const result = await signalApi(shared, 'rebuild', { trigger: 'startup' });
        if (result.status !== 'succeeded') throw new Error(`the first site build failed (see deployment ${result.id})`);
      }
    } else {
      const devPort = port + 1000;
      siteDevUrl = `http://127.0.0.1:${devPort}`;
      services.push(startService('site', [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(devPort), '--host', '127.0.0.1'], { cwd: siteDir, env: shared }, log));
    }

    // A chat socket the door hands over (production mode: `node --watch` gives the API no channel
    // of ours) goes on to the API whole; with the API restarting it is closed, and the page reconnects.
    const handOver = (message, _door, handle) => {
      if (!handle) return;
      if (api.child?.connected) api.child.send(message, handle, (err) => err && handle.destroy());
      else handle.destroy();
    };
    const door = startService('front-door', [...SITE_NODE_FLAGS, path.join(root, 'scripts/front-door.mjs')], {
      cwd: root,
      env: { ...shared, ...SITE_PROCESS_ENV, PORT: String(port), ...(siteDevUrl ? { SITE_DEV_URL: siteDevUrl } : {}), ...(mode === 'production' ? { SOCKET_HAND_OFF: '1' } : {}) },
    }, log, mode === 'production' ? { onMessage: handOver } : {});
    services.push(door);
    // The front door answers only its public host name (others are redirected there).
    await waitFor(`http://127.0.0.1:${port}/`, { service: door, ok: (s) => s === 200, timeoutMs: 120_000, headers: { host: new URL(publicUrl).host } });

    return {
      url: publicUrl,
      port,
      demo,
      seconds: (Date.now() - started) / 1000,
      internalSecret: shared.INTERNAL_SECRET,
      env: shared,
      services: Object.fromEntries(services.map((s) => [s.name, s])),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function signalApi(shared, what, body) {
  const res = await fetch(`${shared.API_URL}/api/internal/${what}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-internal-secret': shared.INTERNAL_SECRET },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(300_000),
  });
  if (!res.ok) throw new Error(`API answered ${res.status} to ${what}`);
  return res.json();
}

/**
 * A file of a package as the CMS workspace resolves it: npm keeps a package in cms/node_modules
 * when the root holds another version of one of its pins (payload, for its exact undici), and
 * hoists it to the root otherwise.
 */
export function cmsPackageFile(codeRoot, file) {
  const found = [path.join(codeRoot, 'cms/node_modules', file), path.join(codeRoot, 'node_modules', file)].find((candidate) => existsSync(candidate));
  if (!found) throw new Error(`${file} is not installed in ${codeRoot} (run npm ci)`);
  return found;
}

/** Migrations (and, in demo mode, the demo content and CMS editor) before the CMS serves. */
export async function prepareCms(shared, demo) {
  await run('cms', [cmsPackageFile(root, 'payload/bin.js'), 'run', 'src/scripts/prepare-db.ts'], {
    cwd: path.join(root, 'cms'),
    env: { ...shared, SEED_DEMO_CONTENT: demo ? 'true' : 'false', ...(demo ? { CMS_ADMIN_EMAIL: DEMO_CMS_ADMIN.email, CMS_ADMIN_PASSWORD: DEMO_CMS_ADMIN.password, CMS_ADMIN_TOTP_SECRET: DEMO_CMS_ADMIN.totpSecret } : {}) },
  }).catch((err) => {
    throw new Error(`the CMS could not prepare its database: ${err.message}`);
  });
}

/** The CMS of another code root (a deployed commit) made ready to run: its migrations, then its `next build`. */
export async function buildCmsIn(codeRoot, shared) {
  const cwd = path.join(codeRoot, 'cms');
  await run('cms', [cmsPackageFile(codeRoot, 'payload/bin.js'), 'run', 'src/scripts/prepare-db.ts'], { cwd, env: { ...shared, SEED_DEMO_CONTENT: 'false' } });
  // Its packages are links to where they are installed, outside the code root (cms/next.config.mjs).
  const workspaceRoot = commonFolder(codeRoot, path.dirname(realpathSync(cmsPackageFile(codeRoot, 'next'))));
  // A release folder is built once: no Turbopack cache for a next build there (cms/next.config.mjs).
  await run('cms', [cmsPackageFile(codeRoot, 'next/dist/bin/next'), 'build'], { cwd, env: { ...shared, NODE_ENV: 'production', CMS_WORKSPACE_ROOT: workspaceRoot, CMS_BUILD_CACHE: 'off' } });
}

/** The deepest folder holding both paths. */
export function commonFolder(a, b) {
  const [x, y] = [path.resolve(a).split(path.sep), path.resolve(b).split(path.sep)];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  return x.slice(0, i).join(path.sep) || path.sep;
}

/** `next build` of the CMS, only when its source changed since the last build. */
export async function buildCms(shared, step) {
  const cmsDir = path.join(root, 'cms');
  // The shared package's sources are compiled into the CMS (transpilePackages): a change there is a change of the CMS.
  const sourceHash = hashTree([path.join(cmsDir, 'src'), path.join(cmsDir, 'next.config.mjs'), path.join(cmsDir, 'package.json'), path.join(root, 'packages/shared/src'), path.join(root, 'packages/shared/package.json'), path.join(root, 'package-lock.json')]);
  const hashFile = path.join(cmsDir, '.next/.source-hash');
  if (!existsSync(path.join(cmsDir, '.next/BUILD_ID')) || !existsSync(hashFile) || readFileSync(hashFile, 'utf8') !== sourceHash) {
    step('building the CMS for production (about a minute, once)');
    await run('cms', [cmsPackageFile(root, 'next/dist/bin/next'), 'build'], { cwd: cmsDir, env: { ...shared, NODE_ENV: 'production' } });
    writeFileSync(hashFile, sourceHash);
  }
}
