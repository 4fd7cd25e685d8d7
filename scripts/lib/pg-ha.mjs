// PostgreSQL across hosts (issue 51): Patroni over etcd on each database host, synchronous
// streaming replication, HAProxy in front routing to whichever host Patroni made primary, and
// pgBackRest archiving WAL and taking base backups to an S3-compatible bucket. Nothing here
// decides anything those engines decide: this module writes their configuration (from the
// templates in deploy/ha/), starts, stops and kills their processes, and asks them how they are.
//
// A host is { name, address, netns?, dir, ports }: with `netns` its processes run inside that
// network namespace (`ip netns exec`, made by the caller), without it on this machine's addresses
// with distinct ports (what the tests use: every host on 127.0.0.1). PostgreSQL refuses to run as
// root, so Patroni (and PostgreSQL, and pgBackRest) run as the system user `postgres`.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../deploy/ha');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Patroni's timing: a dead primary's leader key expires after `ttl` s; Patroni needs loop_wait + 2 × retry_timeout ≤ ttl. */
export const FAILOVER_TIMING = { ttl: 15, loopWait: 2, retryTimeout: 6 };
/** The ports a database host uses inside its own namespace (standard ones). */
export const STANDARD_PORTS = { postgres: 5432, patroni: 8008, etcdClient: 2379, etcdPeer: 2380 };
export const HAPROXY_PORTS = { listen: 5432, stats: 7000 };

/** PostgreSQL's programs: PG_BIN, else Debian's PostgreSQL 15 (what Patroni runs here). */
export function pgBinDir(env = process.env) {
  const dir = env.PG_BIN ?? ['15', '16', '17', '18'].map((v) => `/usr/lib/postgresql/${v}/bin`).find((d) => existsSync(path.join(d, 'postgres')));
  if (!dir) throw new Error('the database hosts run Debian\'s PostgreSQL: install postgresql-15 or set PG_BIN to the folder of its programs.');
  return dir;
}

/** Fills a template's {{name}}s; a name without a value is an error, not an empty string. */
export function render(template, values) {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key) => {
    if (!(key in values) || values[key] === undefined || values[key] === null) throw new Error(`template value missing: ${key}`);
    return String(values[key]);
  });
}
const template = (name) => readFileSync(path.join(TEMPLATES, name), 'utf8');

function postgresIds() {
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0) throw new Error('the database hosts run PostgreSQL as the system user `postgres` (Debian\'s postgresql package makes it).');
  return { uid: Number(uid.stdout.trim()), gid: Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()) };
}
const AS_POSTGRES = ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups'];

/** The command line of `command args` run inside `netns` (when set) and as `postgres` (when asked). */
export function hostCommand({ netns, asPostgres }, command, args) {
  let line = [command, ...args];
  if (asPostgres) line = [...AS_POSTGRES, ...line];
  if (netns) line = ['ip', 'netns', 'exec', netns, ...line];
  return { command: line[0], args: line.slice(1) };
}

function runOnce(where, command, args, { timeoutMs = 600_000, env } = {}) {
  const line = hostCommand(where, command, args);
  return new Promise((resolve, reject) => {
    execFile(line.command, line.args, { maxBuffer: 64 * 1024 * 1024, timeout: timeoutMs, env: env ?? process.env }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} ${args.filter((a) => !a.startsWith('--config')).slice(0, 3).join(' ')} failed: ${String(stderr || stdout || err.message).trim().slice(-3000)}`));
      else resolve(stdout);
    });
  });
}

/** Process ids below `pids` (their children, theirs …), from /proc. */
function descendants(pids) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* gone meanwhile */
    }
  }
  const found = new Set(pids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parentOf) {
      if (found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  return [...found];
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The postmaster's pid of a data directory, while its postmaster.pid names a live process. */
function postmasterPid(dataDir) {
  try {
    const pid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return pid > 0 && alive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** A port nothing listens on yet, with the `span` ports after it free too (for a layout's ports). */
export async function freeBasePort(span = 100, address = '127.0.0.1') {
  const free = (port) => new Promise((resolve) => {
    const s = net.createServer().once('error', () => resolve(false)).listen(port, address, () => s.close(() => resolve(true)));
  });
  // Below the kernel's ephemeral range (32768 by default), from which every outgoing connection's
  // own port and every `listen(0)` is taken: a range found free there could be taken again before
  // Patroni, etcd or a restarted host binds it.
  const portRange = '/proc/sys/net/ipv4/ip_local_port_range';
  const ephemeralFrom = (existsSync(portRange) && Number(readFileSync(portRange, 'utf8').trim().split(/\s+/)[0])) || 32_768;
  const ranges = Math.max(1, Math.floor((Math.min(ephemeralFrom, 55_000) - 20_000 - span) / 100));
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const base = 20_000 + 100 * Math.floor(Math.random() * ranges);
    let ok = true;
    for (let p = base; p < base + span && ok; p += 1) ok = await free(p);
    if (ok) return base;
  }
  throw new Error('no free range of ports found');
}

/**
 * Every host on one address with distinct ports (tests, or one machine trying the cluster):
 * db1 … dbN (ports base+10·i …), the third etcd member `witness`, and HAProxy's ports.
 */
export function loopbackLayout({ dir, basePort, databaseHosts = 2, address = '127.0.0.1' }) {
  const hosts = Array.from({ length: databaseHosts }, (_, i) => {
    const p = basePort + 10 * i;
    return { name: `db${i + 1}`, address, dir: path.join(dir, `db${i + 1}`), ports: { postgres: p, patroni: p + 1, etcdClient: p + 2, etcdPeer: p + 3 } };
  });
  const witness = { name: 'witness', address, dir: path.join(dir, 'witness'), ports: { etcdClient: basePort + 92, etcdPeer: basePort + 93 } };
  return { dir, hosts, witness, proxy: { listenAddress: address, listenPort: basePort + 95, statsAddress: address, statsPort: basePort + 96 } };
}

/**
 * The multi-host shape: each database host in its own namespace with the standard ports, the
 * third etcd member on another host (e.g. the data host). `hosts`: [{ name: 'bs-db1', address }].
 */
export function namespaceLayout({ dir, hosts, witness }) {
  return {
    dir,
    hosts: hosts.map((h) => ({ name: h.name, address: h.address, netns: h.netns ?? h.name, dir: path.join(dir, h.name), ports: { ...STANDARD_PORTS } })),
    witness: { name: `${witness.name}-etcd`, address: witness.address, netns: witness.netns ?? witness.name, dir: path.join(dir, `${witness.name}-etcd`), ports: { etcdClient: STANDARD_PORTS.etcdClient, etcdPeer: STANDARD_PORTS.etcdPeer } },
  };
}

/**
 * The backup repository's pgBackRest options. `s3`: { endpoint: 'https://host:port', bucket,
 * region, accessKeyId, secretAccessKey, prefix?, verifyTls?, uriStyle? } (pgBackRest always speaks
 * TLS to S3); `posix`: a folder every database host can write.
 */
export function repoOptions(repo) {
  if (!repo) return '';
  if (repo.posix) return [`repo1-type=posix`, `repo1-path=${repo.posix}`, `repo1-retention-full=${repo.retentionFull ?? 2}`].join('\n');
  const { s3 } = repo;
  const url = new URL(s3.endpoint);
  if (url.protocol !== 'https:') throw new Error(`pgBackRest speaks only TLS to S3: the repository endpoint must be https:// (got ${s3.endpoint})`);
  return [
    'repo1-type=s3',
    `repo1-path=/${(s3.prefix ?? 'pgbackrest').replace(/^\/+|\/+$/g, '')}`,
    `repo1-s3-bucket=${s3.bucket}`,
    `repo1-s3-endpoint=${url.hostname}`,
    `repo1-storage-port=${url.port || 443}`,
    `repo1-s3-region=${s3.region ?? 'us-east-1'}`,
    `repo1-s3-key=${s3.accessKeyId}`,
    `repo1-s3-key-secret=${s3.secretAccessKey}`,
    `repo1-s3-uri-style=${s3.uriStyle ?? 'path'}`,
    `repo1-storage-verify-tls=${s3.verifyTls === false ? 'n' : 'y'}`,
    `repo1-retention-full=${repo.retentionFull ?? 2}`,
  ].join('\n');
}

/**
 * The same repository as pgBackRest's own environment variables (PGBACKREST_REPO1_S3_BUCKET …): for
 * a program that runs pgBackRest on a host without its pgbackrest.conf, such as the API's
 * `pgbackrest info` for Admin → System on an app host.
 */
export function repoEnv(repo) {
  const env = {};
  for (const line of repoOptions(repo).split('\n').filter(Boolean)) {
    const at = line.indexOf('=');
    env[`PGBACKREST_${line.slice(0, at).replaceAll('-', '_').toUpperCase()}`] = line.slice(at + 1);
  }
  return env;
}

/** HAProxy's configuration for a proxy in front of `hosts`, listening on listenAddress:listenPort. */
export function haproxyConfig(hosts, { listenAddress = '127.0.0.1', listenPort = HAPROXY_PORTS.listen, statsAddress = '127.0.0.1', statsPort = HAPROXY_PORTS.stats, maxConnections = 1000 } = {}) {
  const servers = hosts.map((h) => `  server ${h.name} ${h.address}:${h.ports.postgres} maxconn ${maxConnections} check addr ${h.address} port ${h.ports.patroni}`).join('\n');
  return render(template('haproxy.cfg'), { listenAddress, listenPort, statsAddress, statsPort, maxConnections, servers });
}

/**
 * HAProxy as a foreground process for a process manager (e.g. an app host's agent): writes its
 * configuration to `configFile` and returns the command that runs it.
 */
export function haproxyCommand(hosts, configFile, proxy = {}) {
  mkdirSync(path.dirname(configFile), { recursive: true });
  writeFileSync(configFile, haproxyConfig(hosts, proxy));
  return { command: 'haproxy', args: ['-db', '-f', configFile] };
}

/**
 * The database hosts of one cluster. `layout`: { dir, hosts, witness } (loopbackLayout or
 * namespaceLayout). Passwords are generated once into `dir/secrets.json` unless given.
 *
 * @param {{ layout: { dir: string, hosts: any[], witness: any }, scope?: string, repo?: any, synchronousModeStrict?: boolean,
 *   timing?: { ttl: number, loopWait: number, retryTimeout: number }, superuserPassword?: string, maxConnections?: number,
 *   log?: (name: string, line: string) => void }} options
 */
export function createDatabaseHosts(options) {
  const { layout } = options;
  const scope = options.scope ?? 'better-self';
  const timing = options.timing ?? FAILOVER_TIMING;
  const binDir = pgBinDir();
  const log = options.log ?? (() => {});
  const ids = postgresIds();
  const { hosts, witness } = layout;
  const byName = new Map([...hosts, witness].map((h) => [h.name, h]));
  if (byName.size !== hosts.length + 1) throw new Error('every database host and the third etcd member need names of their own');

  mkdirSync(layout.dir, { recursive: true });
  // The postgres user must reach its hosts' folders below this one.
  chmodSync(layout.dir, 0o755);
  const secretsFile = path.join(layout.dir, 'secrets.json');
  if (!existsSync(secretsFile)) writeFileSync(secretsFile, JSON.stringify({ superuser: randomBytes(18).toString('hex'), replication: randomBytes(18).toString('hex') }), { mode: 0o600 });
  const secrets = JSON.parse(readFileSync(secretsFile, 'utf8'));
  const superuserPassword = options.superuserPassword ?? secrets.superuser;

  const etcdMembers = [...hosts, witness];
  const etcdName = (h) => h.name;
  const initialCluster = etcdMembers.map((h) => `${etcdName(h)}=http://${h.address}:${h.ports.etcdPeer}`).join(',');
  const etcdHosts = etcdMembers.map((h) => `${h.address}:${h.ports.etcdClient}`).join(',');
  /** Host name → its running processes ({ etcd, patroni }: ChildProcess). */
  const running = new Map();

  const paths = (h) => ({ dataDir: path.join(h.dir, 'pgdata'), runDir: path.join(h.dir, 'run'), etcdDir: path.join(h.dir, 'etcd'), logDir: path.join(h.dir, 'log'), backrestConf: path.join(h.dir, 'pgbackrest.conf') });

  function writeHostFiles(h) {
    const p = paths(h);
    mkdirSync(p.logDir, { recursive: true });
    mkdirSync(p.etcdDir, { recursive: true, mode: 0o700 });
    writeFileSync(path.join(h.dir, 'etcd.yml'), render(template('etcd.yml'), { name: etcdName(h), dataDir: p.etcdDir, address: h.address, clientPort: h.ports.etcdClient, peerPort: h.ports.etcdPeer, initialCluster, scope }));
    if (h === witness) return;
    mkdirSync(p.runDir, { recursive: true });
    for (const d of [h.dir, p.runDir]) chownSync(d, ids.uid, ids.gid);
    chmodSync(h.dir, 0o700);
    const archiveCommand = options.repo ? `pgbackrest --config=${p.backrestConf} --stanza=${scope} archive-push "%p"` : '/bin/true';
    const patroni = render(template('patroni.yml'), {
      scope, name: h.name, address: h.address, patroniPort: h.ports.patroni, pgPort: h.ports.postgres, etcdHosts,
      ttl: timing.ttl, loopWait: timing.loopWait, retryTimeout: timing.retryTimeout,
      synchronousModeStrict: options.synchronousModeStrict === true,
      maxConnections: options.maxConnections ?? 300,
      archiveMode: options.repo ? 'on' : 'off', archiveCommand,
      replicationUser: 'replicator', superuserPassword, replicationPassword: secrets.replication,
      dataDir: p.dataDir, binDir, hostDir: h.dir, runDir: p.runDir,
    });
    const files = { 'patroni.yml': patroni };
    if (options.repo) files['pgbackrest.conf'] = backrestConfig(h, p.dataDir);
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(h.dir, name);
      writeFileSync(file, text, { mode: 0o600 });
      chownSync(file, ids.uid, ids.gid);
    }
    for (const d of ['pgbackrest-log', 'pgbackrest-lock']) {
      mkdirSync(path.join(h.dir, d), { recursive: true });
      chownSync(path.join(h.dir, d), ids.uid, ids.gid);
    }
  }

  function backrestConfig(h, dataDir) {
    return render(template('pgbackrest.conf'), { hostDir: h.dir, repo: repoOptions(options.repo), stanza: scope, dataDir, pgPort: h.ports.postgres, runDir: paths(h).runDir });
  }

  function launch(h, what, command, args, asPostgres) {
    const logFile = path.join(paths(h).logDir, `${what}.log`);
    const out = openSync(logFile, 'a');
    const line = hostCommand({ netns: h.netns, asPostgres }, command, args);
    const child = spawn(line.command, line.args, { detached: true, stdio: ['ignore', out, out], env: { PATH: process.env.PATH, LANG: 'C.UTF-8', LC_ALL: 'C.UTF-8', HOME: h.dir } });
    closeSync(out);
    child.on('exit', (code, signal) => log(h.name, `${what} exited (${signal ?? code})`));
    log(h.name, `${what} started (pid ${child.pid}, log ${logFile})`);
    return child;
  }

  const isDbHost = (h) => h !== witness;
  const hostOf = (name) => {
    const h = byName.get(name);
    if (!h) throw new Error(`no database host or etcd member named ${name} (${[...byName.keys()].join(', ')})`);
    return h;
  };

  /** Starts a host's etcd member and, on a database host, its Patroni (which starts PostgreSQL). */
  function startHost(name) {
    const h = hostOf(name);
    const procs = running.get(name) ?? {};
    if (procs.etcd && procs.etcd.exitCode === null && procs.etcd.signalCode === null) throw new Error(`${name} is running`);
    writeHostFiles(h);
    const next = { etcd: launch(h, 'etcd', 'etcd', ['--config-file', path.join(h.dir, 'etcd.yml')], false) };
    if (isDbHost(h)) next.patroni = launch(h, 'patroni', 'patroni', [path.join(h.dir, 'patroni.yml')], true);
    running.set(name, next);
  }

  /** Every process of a host (ours, what they started, its postmaster and backends). */
  function hostPids(name) {
    const h = hostOf(name);
    const roots = Object.values(running.get(name) ?? {}).map((c) => c.pid).filter((pid) => pid && alive(pid));
    const pm = isDbHost(h) ? postmasterPid(paths(h).dataDir) : null;
    if (pm) roots.push(pm);
    return roots.length ? descendants(roots) : [];
  }

  /** The processes of a host's PostgreSQL (its postmaster and every backend), none while it is down. */
  function postgresPids(name) {
    const h = hostOf(name);
    const pm = isDbHost(h) ? postmasterPid(paths(h).dataDir) : null;
    return pm ? descendants([pm]) : [];
  }

  /** SIGKILL to every process of a host, as when its machine dies. Returns how many there were. */
  function killHost(name) {
    const pids = hostPids(name);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        /* gone */
      }
    }
    return pids.length;
  }

  /** Stops a host in order: Patroni (which stops PostgreSQL, handing the leader key over when it is primary), then etcd. */
  async function stopHost(name, { timeoutMs = 30_000 } = {}) {
    const procs = running.get(name) ?? {};
    const h = hostOf(name);
    const stopOne = async (child) => {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const end = Date.now() + timeoutMs;
      while (child.exitCode === null && child.signalCode === null && Date.now() < end) await sleep(100);
    };
    await stopOne(procs.patroni);
    // A postmaster Patroni left (Patroni killed meanwhile): a fast shutdown of its own.
    const pm = isDbHost(h) ? postmasterPid(paths(h).dataDir) : null;
    if (pm) {
      process.kill(pm, 'SIGINT');
      for (let i = 0; i < 100 && alive(pm); i += 1) await sleep(100);
    }
    await stopOne(procs.etcd);
    killHost(name);
    running.delete(name);
  }

  const patroniUrl = (h) => `http://${h.address}:${h.ports.patroni}`;

  async function getJson(url, timeoutMs = 2000) {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  /**
   * The cluster as Patroni sees it (GET /cluster of the first host that answers): its members
   * with role, state, timeline and lag, and which is primary; null when no Patroni answers.
   */
  async function status() {
    for (const h of hosts) {
      try {
        const { body } = await getJson(`${patroniUrl(h)}/cluster`);
        if (!body?.members) continue;
        const members = body.members.map((m) => ({ name: m.name, role: m.role, state: m.state, host: m.host, port: m.port, timeline: m.timeline ?? null, lag: m.lag ?? null }));
        return { members, primary: members.find((m) => m.role === 'leader' && m.state === 'running')?.name ?? null, answeredBy: h.name };
      } catch {
        /* next host */
      }
    }
    return null;
  }

  /** Waits until `check(status)` holds (status may be null), for at most timeoutMs. */
  async function waitFor(what, check, timeoutMs = 120_000) {
    const end = Date.now() + timeoutMs;
    let last = null;
    while (Date.now() < end) {
      last = await status();
      if (check(last)) return last;
      await sleep(250);
    }
    throw new Error(`timed out waiting for ${what}; the cluster: ${JSON.stringify(last)}`);
  }

  /** A primary, and every other running database host streaming from it as a (synchronous) standby. */
  const healthy = (names) => (s) => s?.primary != null && names.every((n) => {
    const m = s.members.find((x) => x.name === n);
    return m && (m.name === s.primary || (['sync_standby', 'replica'].includes(m.role) && ['running', 'streaming'].includes(m.state) && m.lag === 0));
  }) && (names.length < 2 || s.members.some((m) => m.role === 'sync_standby'));

  /** Starts every etcd member and database host; resolves once there is a primary with its synchronous standby. */
  async function start({ timeoutMs = 180_000 } = {}) {
    for (const h of etcdMembers) if (!running.has(h.name)) startHost(h.name);
    await waitFor('a primary and a synchronous standby', healthy(hosts.map((h) => h.name)), timeoutMs);
    if (options.repo) await stanzaCreate();
  }

  /** Stops everything, database hosts first. */
  async function stop() {
    for (const h of hosts) await stopHost(h.name).catch(() => killHost(h.name));
    await stopHost(witness.name).catch(() => killHost(witness.name));
  }

  /** The current primary's host, or null. */
  async function primaryHost() {
    const s = await status();
    return s?.primary ? hostOf(s.primary) : null;
  }

  /** A superuser's connection string straight to a host (not through HAProxy): for set-up and checks. */
  const directUrl = (h, database = 'postgres') => `postgres://postgres:${encodeURIComponent(superuserPassword)}@${h.address}:${h.ports.postgres}/${database}`;
  /** The connection string the app uses: through an HAProxy listening at address:port. */
  const proxyUrl = ({ address, port }, database = 'postgres') => `postgres://postgres:${encodeURIComponent(superuserPassword)}@${address}:${port}/${database}`;

  /** Runs pgBackRest as postgres on a database host (the current primary unless named). */
  async function pgbackrest(args, { host } = {}) {
    if (!options.repo) throw new Error('no backup repository configured (repo)');
    const h = host ? hostOf(host) : await primaryHost();
    if (!h) throw new Error('no primary to run pgBackRest on');
    return runOnce({ netns: h.netns, asPostgres: true }, 'pgbackrest', [`--config=${paths(h).backrestConf}`, `--stanza=${scope}`, ...args], { env: { PATH: process.env.PATH, LANG: 'C.UTF-8', HOME: h.dir } });
  }

  /** Makes the repository's stanza (once; again is harmless) on the primary. */
  async function stanzaCreate() {
    await pgbackrest(['stanza-create']);
  }

  /** A base backup from the primary (`full` or `incr`/`diff` on top of the last); returns its size, time and label. */
  async function backup({ type = 'full' } = {}) {
    const started = Date.now();
    await pgbackrest(['backup', `--type=${type}`]);
    const ms = Date.now() - started;
    const last = (await info()).backups.at(-1);
    return { ms, ...last };
  }

  /** What the repository holds (`pgbackrest info --output=json`): backups (label, type, times, sizes) and the WAL archived. */
  async function info() {
    const [stanza] = JSON.parse(await pgbackrest(['info', '--output=json'], { host: (await primaryHost())?.name ?? hosts[0].name }));
    return summarizeInfo(stanza);
  }

  return {
    scope, hosts, witness, patroniUrls: hosts.map(patroniUrl), superuserPassword,
    start, stop, startHost, stopHost, killHost, hostPids, postgresPids, status, waitFor, healthy, primaryHost, directUrl, proxyUrl,
    pgbackrest, stanzaCreate, backup, info,
    /** A host's pgbackrest.conf (its repository and data folder), e.g. to restore on a fresh host from it. */
    backrestConfigFile: (name) => paths(hostOf(name)).backrestConf,
    dataDir: (name) => paths(hostOf(name)).dataDir,
    logDir: (name) => paths(hostOf(name)).logDir,
  };
}

/** `pgbackrest info --output=json`'s stanza, in the figures the System tab and the bench show. */
export function summarizeInfo(stanza) {
  if (!stanza) return { status: 'missing', backups: [], archive: null };
  const backups = (stanza.backup ?? []).map((b) => ({
    label: b.label, type: b.type,
    startedAt: new Date(b.timestamp.start * 1000).toISOString(), finishedAt: new Date(b.timestamp.stop * 1000).toISOString(),
    databaseBytes: b.info?.size ?? null, repoBytes: b.info?.repository?.delta ?? b.info?.repository?.size ?? null,
    walStart: b.archive?.start ?? null, walStop: b.archive?.stop ?? null,
  }));
  const archives = stanza.archive ?? [];
  const newest = archives.map((a) => a.max).filter(Boolean).sort().at(-1) ?? null;
  return { status: stanza.status?.message ?? null, backups, archive: newest ? { newestWal: newest } : null };
}

/** HAProxy started for tests or one machine (the multi-host orchestrator runs `haproxyCommand` under its host's agent instead). */
export function startHaproxy(hosts, { dir, netns, log = () => {}, ...proxy }) {
  mkdirSync(dir, { recursive: true });
  const { command, args } = haproxyCommand(hosts, path.join(dir, 'haproxy.cfg'), proxy);
  const line = hostCommand({ netns }, command, args);
  const out = openSync(path.join(dir, 'haproxy.log'), 'a');
  const child = spawn(line.command, line.args, { detached: true, stdio: ['ignore', out, out] });
  closeSync(out);
  log('haproxy', `started (pid ${child.pid}) on ${proxy.listenAddress}:${proxy.listenPort}`);
  return {
    pid: child.pid,
    child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      for (let i = 0; i < 50 && child.exitCode === null && child.signalCode === null; i += 1) await sleep(100);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Removes a cluster's folder (after stop). */
export function removeCluster(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * A self-signed certificate for `names` (host names or addresses) made with openssl into `dir`:
 * { key, cert } file paths — for an S3-compatible server pgBackRest reaches over TLS in tests
 * (with `verifyTls: false`) or a TLS front of a local one.
 */
export function selfSignedCertificate(dir, names = ['127.0.0.1', 'localhost']) {
  mkdirSync(dir, { recursive: true });
  const key = path.join(dir, 'tls.key');
  const cert = path.join(dir, 'tls.crt');
  const san = names.map((n) => (/^[\d.]+$/.test(n) ? `IP:${n}` : `DNS:${n}`)).join(',');
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '3650', '-subj', `/CN=${names[0]}`, '-addext', `subjectAltName=${san}`, '-keyout', key, '-out', cert], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  return { key, cert };
}

/**
 * Point-in-time recovery with pgBackRest into a fresh data folder: restores the newest base backup
 * before `target` (a timestamp PostgreSQL reads, e.g. "2026-11-29 10:31:00+00"), has PostgreSQL
 * replay the archived WAL up to it and promote, then stops it cleanly. The folder is then an
 * ordinary PostgreSQL 15 data folder (the first host of a new cluster, or a server of its own).
 * The repository comes from `repo` (as createDatabaseHosts takes it) or pgBackRest's own
 * PGBACKREST_* environment / PGBACKREST_CONFIG. The restored server does not archive (its new
 * timeline must not mix with the live cluster's in the same stanza).
 * Returns { ms, recoveredTo (the last replayed commit's time), port } — and, with `keepRunning`,
 * the running server's { pid, stop() } as `server`.
 */
export async function restoreToTime({ target, dataDir, stanza = 'better-self', repo, port, keepRunning = false, listenAddress = '127.0.0.1', log = () => {}, env = process.env }) {
  if (!target) throw new Error('restore needs the time to restore to (--time "2026-11-29 10:31")');
  // The folder is written into PostgreSQL's restore_command, a shell command line.
  if (/[\s'"\\$`]/.test(dataDir)) throw new Error(`${dataDir}: choose a folder whose path has no spaces or quotes`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty: a point-in-time restore goes into a fresh folder`);
  const ids = postgresIds();
  const work = `${dataDir.replace(/\/+$/, '')}.pitr`;
  const runDir = path.join(work, 'run');
  for (const d of [dataDir, work, runDir, path.join(work, 'log'), path.join(work, 'lock')]) {
    mkdirSync(d, { recursive: true, mode: 0o700 });
    chownSync(d, ids.uid, ids.gid);
  }
  chmodSync(dataDir, 0o700);
  // The repository: `repo`, else the operator's PGBACKREST_CONFIG file, else PGBACKREST_REPO1_* in the environment.
  const conf = env.PGBACKREST_CONFIG && !repo ? path.resolve(env.PGBACKREST_CONFIG) : path.join(work, 'pgbackrest.conf');
  if (!(env.PGBACKREST_CONFIG && !repo)) {
    writeFileSync(conf, `[global]\n${repoOptions(repo)}\n`, { mode: 0o600 });
    chownSync(conf, ids.uid, ids.gid);
  }
  const pgEnv = { ...Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('PGBACKREST_REPO'))), PATH: env.PATH, LANG: 'C.UTF-8', HOME: work };
  const common = [`--config=${conf}`, `--stanza=${stanza}`, `--pg1-path=${dataDir}`, `--log-path=${path.join(work, 'log')}`, `--lock-path=${path.join(work, 'lock')}`];
  const started = Date.now();
  const archiveGet = `pgbackrest ${common.join(' ')} archive-get %f "%p"`;
  log(`restoring the backup before ${target} into ${dataDir}`);
  await runOnce({ asPostgres: true }, 'pgbackrest', [...common, '--log-level-console=warn', '--type=time', `--target=${target}`, '--target-action=promote', `--recovery-option=restore_command=${archiveGet}`, 'restore'], { env: pgEnv });
  const pgPort = port ?? (await freeBasePort(1, listenAddress));
  // The copied configuration is the old primary's (its addresses, its archive_command, its
  // synchronous standby): this server runs alone, on its own port, without archiving.
  const settings = { port: pgPort, listen_addresses: listenAddress, unix_socket_directories: runDir, archive_mode: 'off', synchronous_standby_names: '', hba_file: path.join(dataDir, 'pg_hba.conf'), ident_file: path.join(dataDir, 'pg_ident.conf'), config_file: path.join(dataDir, 'postgresql.conf') };
  log(`replaying WAL to ${target} (PostgreSQL on ${listenAddress}:${pgPort})`);
  const line = hostCommand({ asPostgres: true }, path.join(pgBinDir(env), 'postgres'), ['-D', dataDir, ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`])]);
  const out = openSync(path.join(work, 'log', 'postgres.log'), 'a');
  const server = spawn(line.command, line.args, { detached: true, stdio: ['ignore', out, out], env: { ...pgEnv, PATH: env.PATH, LANG: 'C.UTF-8' } });
  closeSync(out);
  const stopServer = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGINT');
    for (let i = 0; i < 300 && server.exitCode === null && server.signalCode === null; i += 1) await sleep(100);
  };
  const psql = (sql) => runOnce({ asPostgres: true }, path.join(pgBinDir(env), 'psql'), ['-h', runDir, '-p', String(pgPort), '-U', 'postgres', '-d', 'postgres', '-Atqc', sql], { timeoutMs: 10_000, env: { PATH: env.PATH, LANG: 'C.UTF-8' } });
  try {
    const end = Date.now() + 600_000;
    for (;;) {
      if (server.exitCode !== null || server.signalCode !== null) throw new Error(`PostgreSQL stopped during recovery: ${readFileSync(path.join(work, 'log', 'postgres.log'), 'utf8').trim().split('\n').slice(-6).join('\n')}`);
      const inRecovery = await psql('select pg_is_in_recovery()').then((s) => s.trim(), () => null);
      if (inRecovery === 'f') break;
      if (Date.now() > end) throw new Error('recovery did not finish within 10 minutes');
      await sleep(250);
    }
    const recoveredTo = (await psql('select pg_last_xact_replay_timestamp()').catch(() => '')).trim() || null;
    const ms = Date.now() - started;
    log(`recovered to ${recoveredTo ?? 'the backup'} in ${ms} ms`);
    if (keepRunning) return { ms, recoveredTo, port: pgPort, socketDir: runDir, server: { pid: server.pid, stop: stopServer } };
    await stopServer();
    return { ms, recoveredTo, port: pgPort, socketDir: runDir };
  } catch (err) {
    await stopServer();
    throw err;
  }
}
