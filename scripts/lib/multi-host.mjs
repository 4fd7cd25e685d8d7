// Several hosts on one machine (issue 50 #4): `npm run start:multi-host` as root. Each host is a
// network namespace with its own address on one bridge (scripts/lib/netns.mjs): bs-data runs an
// S3-compatible server (s3rver); the database is replicated (issue 51): two database hosts bs-db1
// and bs-db2 run PostgreSQL 15 under Patroni with an etcd member each, the third etcd member runs on
// bs-data, pgBackRest archives WAL to a bucket of the same object storage over https, and HAProxy on
// each app host sends the app's connections to the primary (scripts/lib/pg-ha.mjs). With
// MULTI_HOST_DATABASE=single (or `database: 'single'`) bs-data runs one PostgreSQL instead (a
// cluster of its own, initdb'd under DATA_DIR), as before. Every app host (bs-app1, bs-app2, …)
// runs the CMS, the API and the site server — the production
// shape's services, started by the same commands with the same environment
// (scripts/lib/production-shape.mjs, deploy/shape.mjs) — under a process manager of its own
// (scripts/multi-host-agent.mjs), HAProxy first with the replicated database. The hosts share
// nothing but PostgreSQL and the buckets: media in
// one, the published static builds in another. Caddy, in the root namespace, is the one public
// origin (deploy/Caddyfile, every host in each upstream list). A control socket takes
// `start-host NAME` and `add-host` from `npm run multi-host` (scripts/multi-host.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { API_PROCESS_ENV, MAX_RESTARTS, SERVICES, SITE_PROCESS_ENV } from '../../deploy/shape.mjs';
import { caddyMediaEnv, ensureCaddy } from '@app/front-door/caddy';
import { startService } from '@app/supervisor';
import { assertCanMakeHosts, hostAddress, killHost, makeBridge, makeHost, namespacePids, NETWORK, removeNetwork } from './netns.mjs';
import { createDatabaseHosts, haproxyCommand, namespaceLayout, repoEnv, selfSignedCertificate, startHaproxy } from './pg-ha.mjs';
import { localServiceEnv, serviceCommand } from './production-shape.mjs';
import { startSmtpCatcher } from './smtp-catcher.mjs';
import { loadSecrets, prepareCms, root, signalApi } from './stack.mjs';

export const DATA_HOST = 'bs-data';
/** Ports inside each host (each namespace has its own): the container ports of deploy/shape.mjs. */
export const HOST_PORTS = { api: SERVICES.api.port, cms: SERVICES.cms.port, site: SERVICES.site.port, postgres: 5432, s3: 4569, s3Tls: 4570, smtp: 2525, haproxyStats: 7000 };
/** The database hosts of the replicated database (issue 51). */
export const DATABASE_HOSTS = ['bs-db1', 'bs-db2'];
const MEDIA_BUCKET = 'media';
const BUILDS_BUCKET = 'site-builds';
/** pgBackRest's WAL and base backups: a private bucket of the same object storage (the media bucket is public through Caddy's /media/*). */
const BACKUPS_BUCKET = 'database-backups';
const S3_KEY = 'S3RVER';

/** The control socket of a running orchestrator in `dataDir`. */
export const controlSocket = (dataDir) => path.join(dataDir, 'control.sock');
export const defaultDataDir = () => path.resolve(process.env.DATA_DIR ?? path.join(root, '.data/multi-host'));

/** PostgreSQL's programs: PG_BIN, else the newest Debian-installed version. */
function pgBin(program) {
  const base = process.env.PG_BIN ?? ['18', '17', '16', '15', '14'].map((v) => `/usr/lib/postgresql/${v}/bin`).find((d) => existsSync(path.join(d, 'postgres')));
  if (!base) throw new Error('start:multi-host runs its own PostgreSQL: install Debian\'s postgresql package or set PG_BIN to the folder of its programs.');
  return path.join(base, program);
}

/** One-off commands running now (the CMS build waiting for its lock …): their process groups end with this process. */
const oneOffs = new Set();
process.on('exit', () => {
  for (const pid of oneOffs) {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
});

/** Runs a one-off command in a process group of its own; rejects with its output when it fails. */
function runOnce(command, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...opts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) oneOffs.add(child.pid);
    let output = '';
    const keep = (d) => (output = (output + d).slice(-64_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (err) => reject(new Error(`${command} could not be started: ${err.message}`)));
    child.on('close', (code) => {
      oneOffs.delete(child.pid);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.slice(0, 4).join(' ')} failed (exit ${code}): ${output.slice(-3000)}`));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The pid of the orchestrator running now (the hosts are the machine's: one run at a time). */
const RUN_FILE = '/run/better-self-multi-host.pid';
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A GET's status and body; status 0 when it could not be read whole within 5 s. */
async function statusOf(url) {
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(5000) });
    return { status: r.status, body: await r.text() };
  } catch {
    return { status: 0, body: '' };
  }
}

async function until(what, check, { timeoutMs = 240_000, alive = () => true } = {}) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (!alive()) throw new Error(`${what}: it stopped while starting`);
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * @param {{ publicUrl?: string, appHosts?: number, dataDir?: string, fresh?: boolean, env?: Record<string, string>,
 *   database?: 'replicated' | 'single', log?: (name: string, line: string) => void }} options
 */
export async function startMultiHost(options = {}) {
  const env = { ...process.env, ...options.env };
  const publicUrl = options.publicUrl ?? env.PUBLIC_URL ?? 'http://localhost:8280';
  const publicPort = Number(new URL(publicUrl).port || 80);
  const appHosts = Number(options.appHosts ?? env.APP_HOSTS ?? 2);
  const dataDir = path.resolve(options.dataDir ?? defaultDataDir());
  const database = options.database ?? env.MULTI_HOST_DATABASE ?? 'replicated';
  if (!['replicated', 'single'].includes(database)) throw new Error(`MULTI_HOST_DATABASE is "replicated" (two database hosts, the default) or "single" (PostgreSQL on ${DATA_HOST}), not "${database}"`);
  const replicated = database === 'replicated';
  // The orchestrator's own way to the primary with the replicated database: an HAProxy of its own
  // in the root namespace, on loopback (the app hosts' are inside their namespaces).
  const dbProxyPort = Number(env.MULTI_HOST_DB_PROXY_PORT ?? publicPort + 2);
  const log = options.log ?? ((name, line) => console.log(`[${name}] ${line}`));
  const step = (msg) => log('multi-host', msg);
  const started = Date.now();
  const policy = { maxRestarts: MAX_RESTARTS };
  /** Host name → its state. */
  const hosts = new Map();
  const infra = [];
  let smtp = null;
  let caddy = null;
  let control = null;
  let pool = null;
  /** The replicated database: its hosts (pg-ha.mjs), the orchestrator's HAProxy, the first base backup. */
  let cluster = null;
  let rootProxy = null;
  let firstBackup = Promise.resolve(null);
  let stopping = false;

  assertCanMakeHosts();
  // One run at a time on a machine: the namespaces, the bridge and PUBLIC_URL's port are the machine's.
  const other = existsSync(RUN_FILE) ? Number(readFileSync(RUN_FILE, 'utf8')) : 0;
  if (other && other !== process.pid && isAlive(other)) throw new Error(`another multi-host run is going (pid ${other}); stop it first (Ctrl-C there, or kill -TERM ${other}).`);
  writeFileSync(RUN_FILE, String(process.pid));
  ensureCaddy(step);
  const leftovers = removeNetwork();
  if (leftovers.length) step(`removed what a previous run left: ${leftovers.join(', ')}`);
  if (options.fresh && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  rmSync(controlSocket(dataDir), { force: true });

  const secrets = loadSecrets(dataDir);
  const dbSecretFile = path.join(dataDir, 'postgres-password');
  if (!existsSync(dbSecretFile)) writeFileSync(dbSecretFile, randomBytes(24).toString('hex'), { mode: 0o600 });
  const dbPassword = readFileSync(dbSecretFile, 'utf8').trim();
  const dataAddress = hostAddress(DATA_HOST);
  // Where the app hosts' services connect (their own HAProxy on the host's loopback, or the data
  // host's PostgreSQL), and where this process does (its own HAProxy, or the same data host).
  const appDatabaseUrl = replicated ? `postgres://postgres:${dbPassword}@127.0.0.1:${HOST_PORTS.postgres}/better_self` : `postgres://postgres:${dbPassword}@${dataAddress}:${HOST_PORTS.postgres}/better_self`;
  const databaseUrl = replicated ? `postgres://postgres:${dbPassword}@127.0.0.1:${dbProxyPort}/better_self` : appDatabaseUrl;
  const s3Endpoint = `http://${dataAddress}:${HOST_PORTS.s3}`;
  const backupRepo = { s3: { endpoint: `https://${dataAddress}:${HOST_PORTS.s3Tls}`, bucket: BACKUPS_BUCKET, accessKeyId: S3_KEY, secretAccessKey: S3_KEY, verifyTls: false, prefix: 'pgbackrest' } };
  // One S3-compatible server for both buckets: the public media (pictures, avatars) and the private
  // published builds (SITE_BUILDS_S3_* falls back to MEDIA_S3_*'s connection).
  const s3Env = {
    MEDIA_S3_BUCKET: MEDIA_BUCKET,
    MEDIA_S3_REGION: 'us-east-1',
    MEDIA_S3_ENDPOINT: s3Endpoint,
    MEDIA_S3_ACCESS_KEY_ID: S3_KEY,
    MEDIA_S3_SECRET_ACCESS_KEY: S3_KEY,
    MEDIA_S3_PUBLIC_URL: `${s3Endpoint}/${MEDIA_BUCKET}`,
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
    MEDIA_S3_PREFIX: '',
    SITE_BUILDS_S3_BUCKET: BUILDS_BUCKET,
  };
  const base = { PATH: env.PATH, HOME: env.HOME, LANG: env.LANG ?? 'C.UTF-8', NEXT_TELEMETRY_DISABLED: '1', ASTRO_TELEMETRY_DISABLED: '1', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' };
  let smtpUrl = env.SMTP_URL;

  /** The environment of one app host's services: the production shape's, placed on this host. */
  function hostEnvs(name) {
    const hostDir = path.join(dataDir, 'hosts', name);
    const ports = { cms: HOST_PORTS.cms, site: HOST_PORTS.site, api: [HOST_PORTS.api], internalApi: HOST_PORTS.api, smtp: 0 };
    const envs = localServiceEnv({
      env: { ...env, ...s3Env },
      databaseUrl: appDatabaseUrl,
      publicUrl,
      secrets,
      ports,
      dataDir: hostDir,
      smtpUrl,
      // Each host's CMS and site server reach the API of their own host; Caddy's address on the bridge is the proxy the API believes.
      host: { listen: '0.0.0.0', apiUrl: `http://127.0.0.1:${HOST_PORTS.api}`, cmsUrl: `http://127.0.0.1:${HOST_PORTS.cms}`, trustProxy: NETWORK.gateway, buildsDir: path.join(hostDir, 'site-builds') },
    });
    // Admin → System lists the database hosts (Patroni's REST) and the last base backup (pgBackRest info, the repository from its own variables).
    const databaseHosts = replicated && cluster ? { PATRONI_URLS: cluster.patroniUrls.join(','), PGBACKREST_STANZA: cluster.scope, ...repoEnv(backupRepo) } : {};
    return { hostDir, cms: envs.cms, api: { ...envs.api[0], ...databaseHosts }, site: { ...envs.site, SITE_HOST: '0.0.0.0' } };
  }

  /** What the host's agent starts, in order, each once the one before is healthy. */
  function agentSpec(name) {
    const envs = hostEnvs(name);
    const local = (port, p) => `http://127.0.0.1:${port}${p}`;
    const cms = serviceCommand('cms', { port: HOST_PORTS.cms, host: '0.0.0.0' });
    // HAProxy first: the host's DATABASE_URL is its 127.0.0.1:5432, sent to whichever database host Patroni made primary.
    const proxy = replicated
      ? [{ name: 'haproxy', ...haproxyCommand(cluster.hosts, path.join(envs.hostDir, 'haproxy.cfg'), { listenAddress: '127.0.0.1', listenPort: HOST_PORTS.postgres, statsAddress: '127.0.0.1', statsPort: HOST_PORTS.haproxyStats }), env: {}, health: local(HOST_PORTS.haproxyStats, '/') }]
      : [];
    return {
      hostDir: envs.hostDir,
      spec: {
        host: name,
        maxRestarts: MAX_RESTARTS,
        services: [
          ...proxy,
          { name: 'cms', ...cms, env: { ...base, ...envs.cms }, health: local(HOST_PORTS.cms, SERVICES.cms.health) },
          { name: 'api', ...serviceCommand('api'), env: { ...base, ...API_PROCESS_ENV, ...envs.api }, health: local(HOST_PORTS.api, SERVICES.api.health) },
          { name: 'site', ...serviceCommand('site'), env: { ...base, ...SITE_PROCESS_ENV, ...envs.site }, health: local(HOST_PORTS.site, SERVICES.site.health) },
        ],
      },
    };
  }

  /** The live build's content version (app.site_builds), or null before the first. */
  async function liveVersion() {
    const { rows } = await pool.query('select content_version as "contentVersion", build_id as "buildId" from app.site_builds where activated_at is not null order by activated_at desc limit 1').catch(() => ({ rows: [] }));
    return rows[0] ?? null;
  }

  /** What a host answers now: each service's health, and the content version its site server serves. */
  async function hostStatus(name) {
    const address = hostAddress(name);
    const [api, cms, site] = await Promise.all([
      statusOf(`http://${address}:${HOST_PORTS.api}${SERVICES.api.health}`),
      statusOf(`http://${address}:${HOST_PORTS.cms}${SERVICES.cms.health}`),
      statusOf(`http://${address}:${HOST_PORTS.site}${SERVICES.site.health}`),
    ]);
    let serves = null;
    try {
      serves = JSON.parse(site.body).siteBuild?.contentVersion ?? null;
    } catch {
      /* not up */
    }
    return { api: api.status, cms: cms.status, site: site.status, serves };
  }

  /** A host is ready when all three services answer and its site server serves the live version. */
  async function hostReady(name) {
    const s = await hostStatus(name);
    const live = await liveVersion();
    return s.api === 200 && s.cms === 200 && s.site === 200 && live !== null && s.serves === live.contentVersion;
  }

  function spawnAgent(name) {
    const host = hosts.get(name);
    const { spec, hostDir } = agentSpec(name);
    mkdirSync(hostDir, { recursive: true });
    const specFile = path.join(hostDir, 'agent.json');
    writeFileSync(specFile, JSON.stringify(spec), { mode: 0o600 });
    const child = spawn('ip', ['netns', 'exec', name, process.execPath, path.join(root, 'scripts/multi-host-agent.mjs'), specFile], { cwd: root, env: base, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const forward = (d) => String(d).trimEnd().split('\n').forEach((line) => log(name, line));
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    host.agent = child;
    host.state = 'starting';
    child.on('exit', (code, signal) => {
      if (host.agent !== child) return;
      host.agent = null;
      host.state = 'down';
      if (!stopping) step(`${name} is down (its process manager ${signal ? `was killed by ${signal}` : `exited with ${code}`}); \`npm run multi-host -- start-host ${name}\` starts it again`);
    });
    return child;
  }

  async function waitHostReady(name, timeoutMs = 300_000) {
    const host = hosts.get(name);
    await until(`${name} to serve the current site version`, () => hostReady(name), { timeoutMs, alive: () => host.agent !== null });
    host.state = 'up';
  }

  /** The Caddy environment: deploy/Caddyfile with every app host in each upstream list. */
  function proxyEnv() {
    const addresses = [...hosts.keys()].map(hostAddress);
    const list = (port) => addresses.map((a) => `${a}:${port}`).join(' ');
    return {
      SITE_ADDRESS: publicUrl,
      PUBLIC_URL: publicUrl,
      API_UPSTREAMS: list(HOST_PORTS.api),
      CMS_UPSTREAM: list(HOST_PORTS.cms),
      SITE_UPSTREAM: list(HOST_PORTS.site),
      MEDIA_ROOT: path.join(dataDir, 'media'),
      // /media/* from the media bucket on the data host.
      ...caddyMediaEnv(s3Env),
      OTHER_HOSTS_ADDRESS: `:${publicPort}`,
      CADDY_ADMIN: `unix/${path.join(dataDir, 'caddy-admin.sock')}`,
      TRUSTED_PROXIES: env.TRUSTED_PROXIES ?? '',
      INTERNAL_API_PORT: String(Number(env.MULTI_HOST_INTERNAL_API_PORT ?? publicPort + 1)),
      XDG_DATA_HOME: path.join(dataDir, 'caddy'),
      XDG_CONFIG_HOME: path.join(dataDir, 'caddy'),
    };
  }

  async function reloadCaddy() {
    const e = proxyEnv();
    await runOnce('caddy', ['reload', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile', '--address', e.CADDY_ADMIN], { cwd: root, env: { ...process.env, ...e } });
  }

  /** `start-host NAME`: a killed app host started again; resolves once it serves the live version. */
  async function startHost(name) {
    if (cluster && DATABASE_HOSTS.includes(name)) return startDatabaseHost(name);
    const host = hosts.get(name);
    if (!host) throw Object.assign(new Error(`there is no app host named ${name} (hosts: ${[...hosts.keys()].join(', ')})`), { status: 404 });
    if (host.agent) throw Object.assign(new Error(`${name} is running (${host.state})`), { status: 409 });
    const t0 = Date.now();
    // What a killed host left (its processes are gone; its namespace and address stay, as a machine's would).
    killHost(name);
    step(`starting ${name} again`);
    spawnAgent(name);
    await waitHostReady(name);
    const seconds = (Date.now() - t0) / 1000;
    step(`${name} serves the current site version again (${seconds.toFixed(1)} s); Caddy's health checks put it back in rotation`);
    return { name, address: hostAddress(name), seconds, version: (await liveVersion())?.contentVersion ?? null };
  }

  /**
   * `start-host bs-db1`: a killed database host started again (its etcd member and Patroni, which
   * starts PostgreSQL); resolves once it streams from the primary as its synchronous standby again
   * (pg_rewind, or a new copy, when it was the primary that was lost).
   */
  async function startDatabaseHost(name) {
    const t0 = Date.now();
    // Patroni may still list a killed host until its member key expires: its processes say whether it runs.
    if (namespacePids(name).length > 0) throw Object.assign(new Error(`${name} is running (${namespacePids(name).length} processes)`), { status: 409 });
    // What a killed host left (its namespace and address stay, as a machine's would).
    killHost(name);
    step(`starting database host ${name} again: etcd, Patroni (PostgreSQL)`);
    cluster.startHost(name);
    const s = await cluster.waitFor(`${name} to rejoin as a standby`, cluster.healthy(DATABASE_HOSTS), 300_000);
    const seconds = (Date.now() - t0) / 1000;
    const role = s.members.find((m) => m.name === name)?.role ?? null;
    step(`${name} is back as ${role} of ${s.primary} (${seconds.toFixed(1)} s)`);
    return { name, address: hostAddress(name), seconds, role, primary: s.primary };
  }

  /** `add-host`: one more app host, added to Caddy's upstreams once it serves the live version. */
  async function addHost() {
    let n = 1;
    while (hosts.has(`bs-app${n}`)) n += 1;
    const name = `bs-app${n}`;
    const t0 = Date.now();
    step(`adding ${name} (${hostAddress(name)})`);
    makeHost(name);
    hosts.set(name, { name, agent: null, state: 'starting' });
    spawnAgent(name);
    try {
      await waitHostReady(name);
    } catch (err) {
      stopHostProcesses(name);
      hosts.delete(name);
      throw err;
    }
    const ready = (Date.now() - t0) / 1000;
    await reloadCaddy();
    const seconds = (Date.now() - t0) / 1000;
    step(`${name} serves the current site version (${ready.toFixed(1)} s) and is in Caddy's upstreams (${seconds.toFixed(1)} s)`);
    return { name, address: hostAddress(name), seconds, readySeconds: ready, version: (await liveVersion())?.contentVersion ?? null };
  }

  function stopHostProcesses(name) {
    const host = hosts.get(name);
    host?.agent?.kill('SIGTERM');
  }

  async function status() {
    const live = await liveVersion();
    const list = [];
    for (const [name, host] of hosts) list.push({ name, address: hostAddress(name), state: host.state, processes: namespacePids(name).length, ...(host.agent ? await hostStatus(name) : {}) });
    const db = cluster ? await cluster.status() : null;
    const databaseStatus = cluster
      ? { mode: 'replicated', primary: db?.primary ?? null, hosts: DATABASE_HOSTS.map((name) => ({ name, address: hostAddress(name), processes: namespacePids(name).length, ...(db?.members.find((m) => m.name === name) ?? { role: null, state: 'not answering' }) })) }
      : { mode: 'single', hosts: [{ name: DATA_HOST, address: dataAddress }] };
    return { url: publicUrl, liveVersion: live?.contentVersion ?? null, dataHost: { name: DATA_HOST, address: dataAddress }, database: databaseStatus, hosts: list };
  }

  async function stop() {
    if (stopping) return;
    stopping = true;
    // Kept alive until every step is done: a step waiting on something already gone (a closing
    // server with no socket left) must not let the process end before the namespaces are removed.
    const keepAlive = setInterval(() => {}, 1000);
    control?.close();
    control?.closeAllConnections();
    rmSync(controlSocket(dataDir), { force: true });
    step('stopping Caddy');
    await caddy?.stop();
    // Each host's process manager stops its services; what remains after 15 s is killed.
    step('stopping the app hosts');
    const agents = [...hosts.values()].map((h) => h.agent).filter(Boolean);
    for (const a of agents) a.kill('SIGTERM');
    await Promise.race([Promise.all(agents.map((a) => new Promise((r) => (a.exitCode !== null || a.signalCode !== null ? r() : a.once('exit', r))))), sleep(15_000)]);
    for (const name of hosts.keys()) killHost(name);
    await Promise.race([pool?.end().catch(() => {}), sleep(3000)]);
    if (cluster) {
      step('stopping the database hosts');
      await rootProxy?.stop();
      await cluster.stop().catch((err) => step(`stopping the database hosts: ${err.message}`));
    }
    step('stopping the data host');
    for (const s of [...infra].reverse()) await s.stop();
    step(`removing ${removeNetwork().join(', ') || 'nothing'}`);
    await Promise.race([smtp?.close(), sleep(2000)]);
    clearInterval(keepAlive);
    if (existsSync(RUN_FILE) && Number(readFileSync(RUN_FILE, 'utf8')) === process.pid) rmSync(RUN_FILE, { force: true });
  }

  try {
    makeBridge();
    makeHost(DATA_HOST);

    // The data host's S3-compatible server, with both buckets (and, with the replicated database,
    // its https endpoint and the backups' bucket, which pgBackRest needs before the cluster starts).
    const s3Dir = path.join(dataDir, 's3');
    mkdirSync(s3Dir, { recursive: true });
    const tls = replicated ? selfSignedCertificate(path.join(dataDir, 'tls'), [dataAddress]) : null;
    const s3 = startService('s3', ['netns', 'exec', DATA_HOST, process.execPath, path.join(root, 'scripts/multi-host-s3.mjs')], {
      cwd: root,
      env: {
        ...base, S3_ADDRESS: dataAddress, S3_PORT: String(HOST_PORTS.s3), S3_DIR: s3Dir, S3_BUCKETS: `${MEDIA_BUCKET},${BUILDS_BUCKET}`,
        ...(tls ? { S3_TLS_PORT: String(HOST_PORTS.s3Tls), S3_TLS_KEY: tls.key, S3_TLS_CERT: tls.cert, S3_TLS_BUCKETS: BACKUPS_BUCKET } : {}),
      },
    }, log, { command: 'ip', policy });
    infra.push(s3);
    await until('the S3-compatible server on the data host', async () => (await statusOf(`${s3Endpoint}/`)).status > 0, { timeoutMs: 30_000 });

    const asPostgres = ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups'];
    const pgUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    if (pgUser.status !== 0) throw new Error('start:multi-host runs PostgreSQL as the system user `postgres` (Debian\'s postgresql package makes it).');
    let admin;
    if (replicated) {
      // The database hosts: Patroni (PostgreSQL 15) and an etcd member on each, the third etcd
      // member on the data host; one synchronous standby; WAL to the backups' bucket over https.
      for (const name of DATABASE_HOSTS) makeHost(name);
      const layout = namespaceLayout({ dir: path.join(dataDir, 'database-hosts'), hosts: DATABASE_HOSTS.map((name) => ({ name, address: hostAddress(name) })), witness: { name: DATA_HOST, address: dataAddress } });
      cluster = createDatabaseHosts({ layout, repo: backupRepo, superuserPassword: dbPassword, log });
      step(`starting the database hosts ${DATABASE_HOSTS.map((n) => `${n} (${hostAddress(n)})`).join(', ')} and the third etcd member on ${DATA_HOST}`);
      await cluster.start({ timeoutMs: 240_000 });
      const db = await cluster.status();
      step(`database hosts: ${db.members.map((m) => `${m.name} ${m.role}`).join(', ')}; pgBackRest stanza ${cluster.scope} in ${backupRepo.s3.endpoint}/${BACKUPS_BUCKET}`);
      rootProxy = startHaproxy(cluster.hosts, { dir: path.join(dataDir, 'database-proxy'), listenAddress: '127.0.0.1', listenPort: dbProxyPort, statsAddress: '127.0.0.1', statsPort: dbProxyPort + 1, log });
      admin = `postgres://postgres:${dbPassword}@127.0.0.1:${dbProxyPort}/postgres`;
    } else {
      // The data host's PostgreSQL (its own cluster, owned by the postgres user: it refuses root).
      const pgDir = path.join(dataDir, 'postgres');
      if (!existsSync(path.join(pgDir, 'PG_VERSION'))) {
        step('making a PostgreSQL cluster for the data host');
        mkdirSync(pgDir, { recursive: true });
        const uid = Number(pgUser.stdout.trim());
        const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
        chownSync(pgDir, uid, gid);
        const pwFile = path.join(pgDir, '..', 'postgres-password.initdb');
        writeFileSync(pwFile, dbPassword, { mode: 0o600 });
        chownSync(pwFile, uid, gid);
        try {
          await runOnce(asPostgres[0], [...asPostgres.slice(1), pgBin('initdb'), '-D', pgDir, '-U', 'postgres', '-E', 'UTF8', '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${pwFile}`, '--no-instructions']);
        } finally {
          rmSync(pwFile, { force: true });
        }
        writeFileSync(path.join(pgDir, 'postgresql.auto.conf'), `listen_addresses = '${dataAddress}'\nport = ${HOST_PORTS.postgres}\nunix_socket_directories = ''\nmax_connections = 300\n`);
        const hba = path.join(pgDir, 'pg_hba.conf');
        writeFileSync(hba, `${readFileSync(hba, 'utf8')}\nhost all all ${NETWORK.prefix}.0/${NETWORK.cidr} scram-sha-256\n`);
      }
      const postgres = startService('postgres', ['netns', 'exec', DATA_HOST, ...asPostgres, pgBin('postgres'), '-D', pgDir], { env: base }, log, { command: 'ip', policy });
      infra.unshift(postgres);
      admin = `postgres://postgres:${dbPassword}@${dataAddress}:${HOST_PORTS.postgres}/postgres`;
    }
    await until(replicated ? 'the primary through HAProxy' : 'PostgreSQL on the data host', async () => {
      const c = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2000 });
      try {
        await c.connect();
        const { rowCount } = await c.query("select 1 from pg_database where datname = 'better_self'");
        if (!rowCount) await c.query('create database better_self');
        return true;
      } catch {
        return false;
      } finally {
        await c.end().catch(() => {});
      }
    }, { timeoutMs: 60_000 });
    pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    pool.on('error', () => {});
    step(replicated
      ? `data host ${DATA_HOST} (${dataAddress}): etcd, S3 ${s3Endpoint} (buckets ${MEDIA_BUCKET}, ${BUILDS_BUCKET}) and ${backupRepo.s3.endpoint} (${BACKUPS_BUCKET})`
      : `data host ${DATA_HOST} (${dataAddress}): PostgreSQL :${HOST_PORTS.postgres}, S3 ${s3Endpoint} (buckets ${MEDIA_BUCKET}, ${BUILDS_BUCKET})`);

    if (!smtpUrl) {
      // Production needs a mail server: caught on the bridge, where every host reaches it.
      smtp = await startSmtpCatcher({ port: HOST_PORTS.smtp, file: path.join(dataDir, 'mail.jsonl'), host: NETWORK.gateway });
      smtpUrl = smtp.url;
      step(`SMTP_URL is unset: mail is caught at ${smtpUrl} and written to ${path.relative(root, smtp.file)}`);
    }

    // The CMS's migrations and first admin, once, before any host starts it; its build, once, for every host (the same code).
    for (let i = 1; i <= appHosts; i += 1) hosts.set(`bs-app${i}`, { name: `bs-app${i}`, agent: null, state: 'starting' });
    const first = [...hosts.keys()][0];
    const firstEnvs = hostEnvs(first);
    // Run from this namespace: the database as this process reaches it.
    const hereCms = { ...base, ...firstEnvs.cms, DATABASE_URL: databaseUrl };
    step('preparing the CMS database (migrations; no demo data)');
    await prepareCms(hereCms, false);
    step('building the CMS for production if its code changed (under /tmp/cms-build.lock)');
    await runOnce('flock', ['/tmp/cms-build.lock', process.execPath, path.join(root, 'scripts/build-cms.mjs')], { cwd: root, env: hereCms });

    // The first host alone until its API has migrated and made the first admin; then the others.
    for (const name of hosts.keys()) makeHost(name);
    step(`starting ${first} (${hostAddress(first)}): CMS, API, site server`);
    spawnAgent(first);
    const firstAddress = hostAddress(first);
    await until(`${first}'s API`, async () => (await statusOf(`http://${firstAddress}:${HOST_PORTS.api}${SERVICES.api.health}`)).status === 200, { alive: () => hosts.get(first).agent !== null });
    for (const name of [...hosts.keys()].slice(1)) {
      step(`starting ${name} (${hostAddress(name)}): CMS, API, site server`);
      spawnAgent(name);
    }
    // The API builds each new content version by itself (its first load is one, one build per
    // version across hosts); a build is asked for only when the version it holds is not live and no
    // deployment is queued or running after 20 s (a restart on a data folder whose build was lost).
    const firstApi = `http://${firstAddress}:${HOST_PORTS.api}`;
    const apiVersion = async () => JSON.parse((await statusOf(`${firstApi}${SERVICES.api.health}`)).body || '{}').contentVersion ?? null;
    const building = async () => (await pool.query("select 1 from app.deployments where status in ('queued', 'running')").catch(() => ({ rowCount: 1 }))).rowCount > 0;
    const waitedFrom = Date.now();
    let asked = false;
    await until('the first site build', async () => {
      // Whether a build runs is read before what is live: a build that ends between the two reads
      // is then seen live, not asked for again (on a slow machine the first build ended just there,
      // and its version was built twice).
      const held = await apiVersion();
      const busy = await building();
      const live = await liveVersion();
      if (live !== null && live.contentVersion === held) return true;
      if (!asked && held !== null && Date.now() - waitedFrom > 20_000 && !busy) {
        asked = true;
        step('asking for a site build of the current content');
        const build = await signalApi({ API_URL: firstApi, INTERNAL_SECRET: firstEnvs.cms.INTERNAL_SECRET }, 'rebuild', { trigger: 'startup' });
        if (build.status !== 'succeeded') throw new Error(`the first site build failed (see deployment ${build.id})`);
      }
      return false;
    }, { timeoutMs: 600_000 });
    for (const name of hosts.keys()) await waitHostReady(name);

    step('starting Caddy (deploy/Caddyfile) as the one public origin');
    mkdirSync(path.join(dataDir, 'caddy'), { recursive: true });
    mkdirSync(path.join(dataDir, 'media'), { recursive: true });
    rmSync(path.join(dataDir, 'caddy-admin.sock'), { force: true });
    caddy = startService('caddy', ['run', '--config', path.join(root, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], { cwd: root, env: { ...process.env, ...proxyEnv() } }, log, { policy, command: 'caddy' });
    await until('Caddy', async () => (await statusOf(`${publicUrl}/api/health`)).status === 200 && (await statusOf(`${publicUrl}/`)).status === 200, { timeoutMs: 30_000 });

    control = http.createServer((req, res) => {
      const answer = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const m = /^\/hosts\/([a-z0-9-]+)\/start$/.exec(req.url ?? '');
      const work = req.method === 'GET' && req.url === '/status' ? status()
        : req.method === 'POST' && m ? startHost(m[1])
        : req.method === 'POST' && req.url === '/hosts' ? addHost()
        : null;
      if (!work) return answer(404, { message: 'GET /status, POST /hosts/NAME/start, POST /hosts' });
      work.then((body) => answer(200, body), (err) => answer(err.status ?? 500, { message: err.message }));
    });
    control.requestTimeout = 0;
    await new Promise((resolve) => control.listen(controlSocket(dataDir), resolve));

    // The first base backup (pgBackRest, on the primary) once everything serves, when the repository has none.
    if (cluster) {
      firstBackup = (async () => {
        if ((await cluster.info()).backups.length > 0) return null;
        step('taking the first base backup (pgBackRest, on the primary)');
        const b = await cluster.backup();
        step(`base backup ${b.label}: ${b.databaseBytes} bytes of database, ${b.repoBytes} in the bucket, ${(b.ms / 1000).toFixed(1)} s`);
        return b;
      })().catch((err) => {
        step(`the first base backup failed: ${err.message}`);
        return null;
      });
    }

    return {
      url: publicUrl,
      seconds: (Date.now() - started) / 1000,
      databaseUrl,
      /** The replicated database's hosts (null in the single-database mode). */
      database: cluster
        ? {
            hosts: DATABASE_HOSTS,
            patroniUrls: cluster.patroniUrls,
            status: () => cluster.status(),
            waitFor: (what, check, timeoutMs) => cluster.waitFor(what, check, timeoutMs),
            healthy: () => cluster.healthy(DATABASE_HOSTS),
            startHost: startDatabaseHost,
            info: () => cluster.info(),
            firstBackup: () => firstBackup,
            logDir: (name) => cluster.logDir(name),
          }
        : null,
      s3: { endpoint: s3Endpoint, accessKeyId: S3_KEY, secretAccessKey: S3_KEY, mediaBucket: MEDIA_BUCKET, buildsBucket: BUILDS_BUCKET, mediaPublicUrl: s3Env.MEDIA_S3_PUBLIC_URL },
      internalSecret: firstEnvs.cms.INTERNAL_SECRET,
      dataDir,
      controlSocket: controlSocket(dataDir),
      mailFile: smtp?.file ?? null,
      hosts: () => [...hosts.keys()],
      address: hostAddress,
      ports: HOST_PORTS,
      liveVersion,
      hostStatus,
      status,
      startHost,
      addHost,
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** Asks a running orchestrator (its control socket in `dataDir`). */
export function askOrchestrator(dataDir, method, urlPath) {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: controlSocket(dataDir), method, path: urlPath }, (res) => {
      let text = '';
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        const body = text ? JSON.parse(text) : {};
        if (res.statusCode === 200) resolve(body);
        else reject(new Error(body.message ?? `status ${res.statusCode}`));
      });
    });
    req.on('error', (err) => reject(new Error(`no multi-host run answers at ${controlSocket(dataDir)} (start one with \`npm run start:multi-host\`): ${err.message}`)));
    req.end();
  });
}
