// A whole database cluster on 127.0.0.1 for tests and benchmarks (issue 51): two database hosts
// under Patroni, the third etcd member, one HAProxy, and — with `backups` — an S3-compatible
// server (s3rver) over TLS with a self-signed certificate made at start, which pgBackRest archives
// WAL and base backups to. `stop()` ends every process and removes the folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { createDatabaseHosts, freeBasePort, loopbackLayout, removeCluster, selfSignedCertificate, startHaproxy } from './pg-ha.mjs';

/** Tests restore through the same function `npm run restore -- --time` runs. */
export { restoreToTime } from './pg-ha.mjs';

/** Why a cluster cannot run here (not root, an engine missing), or null. */
export function clusterUnavailable() {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return 'the database hosts run PostgreSQL as the `postgres` user: run as root';
  for (const program of ['patroni', 'etcd', 'haproxy', 'pgbackrest', 'openssl', 'setpriv']) {
    if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) return `${program} is not installed (Debian: patroni, etcd-server, haproxy, pgbackrest)`;
  }
  return null;
}

/**
 * @param {{ backups?: boolean, bucket?: string, basePort?: number, log?: (name: string, line: string) => void, timing?: any }} [options]
 *   basePort: the first of the 100 ports the hosts take (a free range when not given).
 */
export async function startTestCluster(options = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'pg-ha-'));
  const stops = [];
  try {
    let repo;
    let s3 = null;
    if (options.backups) {
      const bucket = options.bucket ?? 'media';
      const tls = selfSignedCertificate(path.join(dir, 'tls'));
      mkdirSync(path.join(dir, 's3'));
      const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(dir, 's3'), key: readFileSync(tls.key), cert: readFileSync(tls.cert), configureBuckets: [{ name: bucket, configs: [] }] });
      const { port } = await server.run();
      stops.push(() => server.close());
      repo = { s3: { endpoint: `https://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', verifyTls: false, prefix: 'pgbackrest' } };
      s3 = { endpoint: repo.s3.endpoint, bucket, directory: path.join(dir, 's3') };
    }
    const layout = loopbackLayout({ dir, basePort: options.basePort ?? await freeBasePort() });
    const cluster = createDatabaseHosts({ layout, repo, log: options.log, timing: options.timing });
    stops.push(() => cluster.stop());
    const proxy = startHaproxy(cluster.hosts, { dir: path.join(dir, 'proxy'), ...layout.proxy });
    stops.push(() => proxy.stop());
    await cluster.start();
    const proxyAddress = { address: layout.proxy.listenAddress, port: layout.proxy.listenPort };
    return {
      dir, cluster, proxy, repo, s3, layout,
      /** The app's connection string: through HAProxy. */
      databaseUrl: (database = 'postgres') => cluster.proxyUrl(proxyAddress, database),
      statsUrl: `http://${layout.proxy.statsAddress}:${layout.proxy.statsPort}/`,
      /** What a failed test prints: the cluster as Patroni sees it, and each host's last log lines (Patroni's, with its PostgreSQL's). */
      async diagnostics(lines = 25) {
        // Patroni's "no action" line every loop says nothing: left out, so the lines kept are events.
        const tail = (file, count = lines) => (existsSync(file) ? readFileSync(file, 'utf8').trimEnd().split('\n').filter((l) => !l.includes('no action.')).slice(-count).join('\n') : '(no log)');
        const parts = [`the cluster: ${JSON.stringify(await cluster.status())}`];
        for (const h of cluster.hosts) parts.push(`── ${h.name}: patroni.log ──\n${tail(path.join(cluster.logDir(h.name), 'patroni.log'))}`);
        parts.push(`── haproxy.log ──\n${tail(path.join(dir, 'proxy', 'haproxy.log'), 10)}`);
        return parts.join('\n');
      },
      async stop() {
        for (const stop of stops.reverse()) await stop().catch(() => {});
        removeCluster(dir);
      },
    };
  } catch (err) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
