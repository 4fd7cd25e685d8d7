// `npm run start:multi-host` (as root): the product on several hosts of this one machine — network
// namespaces bs-db1 and bs-db2 (PostgreSQL under Patroni, etcd), bs-data (S3-compatible storage,
// the third etcd member), bs-app1 and bs-app2 (HAProxy, CMS, API, site server each) on one bridge, Caddy as the one public origin on PUBLIC_URL (http://localhost:8280),
// production mode, no demo data (scripts/lib/multi-host.mjs). `npm run multi-host -- start-host
// NAME` and `npm run multi-host -- add-host` talk to it through its control socket. Ctrl-C or
// SIGTERM stops everything and removes every namespace, veth and the bridge it made.
// Env: PUBLIC_URL, APP_HOSTS (2), DATA_DIR (.data/multi-host), MULTI_HOST_FRESH=1 (start from an
// empty data folder), MULTI_HOST_DATABASE=single (or --single-database: one PostgreSQL on bs-data,
// no database hosts), MULTI_HOST_DB_PROXY_PORT (this process's HAProxy, PUBLIC_URL's port + 2), ADMIN_USERNAME/ADMIN_PASSWORD, CMS_ADMIN_EMAIL/CMS_ADMIN_PASSWORD, SMTP_URL.
import { startMultiHost } from './lib/multi-host.mjs';
import { removeNetwork } from './lib/netns.mjs';

let run;
let stopping = false;

async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`\n[multi-host] ${signal}: stopping every host and removing the namespaces…`);
  // Still starting: what runs in the namespaces goes with them; the data host's and Caddy's
  // processes, started from here, are ended by the supervisor as this process exits.
  if (!run) removeNetwork();
  await run?.stop();
  console.log('[multi-host] stopped; namespaces, veths and the bridge removed.');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  run = await startMultiHost({ fresh: process.env.MULTI_HOST_FRESH === '1' || process.argv.includes('--fresh'), ...(process.argv.includes('--single-database') ? { database: 'single' } : {}) });
} catch (err) {
  console.error(`\n[multi-host] could not start: ${err.message}`);
  process.exit(1);
}
if (stopping) await new Promise(() => {});
const status = await run.status();
console.log([
  '',
  `  Several hosts are running at ${run.url}  (started in ${run.seconds.toFixed(1)} s)`,
  `  Caddy (deploy/Caddyfile, root namespace) → ${status.hosts.map((h) => `${h.name} ${h.address}`).join(', ')} (CMS :3002, API :3001, site :4321 each${run.database ? '; HAProxy to the primary on 127.0.0.1:5432' : ''})`,
  ...(run.database
    ? [
        `  Database hosts: ${status.database.hosts.map((h) => `${h.name} ${h.address} (${h.role ?? 'not answering'})`).join(', ')}: PostgreSQL :5432 under Patroni (REST :8008), etcd :2379`,
        `  Data host ${status.dataHost.name} ${status.dataHost.address}: etcd (the third member), S3 ${run.s3.endpoint} (buckets ${run.s3.mediaBucket}, ${run.s3.buildsBucket}; pgBackRest's over https)`,
        '  Kill the primary\'s host: ip netns pids bs-db1 | xargs kill -9    Start it again: npm run multi-host -- start-host bs-db1',
      ]
    : [`  Data host ${status.dataHost.name} ${status.dataHost.address}: PostgreSQL :5432, S3 ${run.s3.endpoint} (buckets ${run.s3.mediaBucket}, ${run.s3.buildsBucket})`]),
  `  Site version ${status.liveVersion}   CMS admin: ${run.url}/cms/admin`,
  ...(run.mailFile ? [`  Mail is caught in ${run.mailFile}`] : []),
  '  Kill a host: ip netns pids bs-app1 | xargs kill -9',
  '  Start it again: npm run multi-host -- start-host bs-app1    Add one: npm run multi-host -- add-host    See them: npm run multi-host -- status',
  '  Press Ctrl-C to stop (every namespace is removed).',
  '',
].join('\n'));
