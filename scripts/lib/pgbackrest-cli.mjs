// `npm run restore -- --time "2026-11-29 10:31" [--data-dir DIR] [--stanza NAME] [--port N] [--serve]`
// (issue 51 #3): the database as it was at that time, from pgBackRest's base backups and archived
// WAL, into a fresh data folder — the replicated deployment's restore (scripts/lib/pg-ha.mjs). The
// repository is pgBackRest's own configuration: PGBACKREST_CONFIG (a database host's
// pgbackrest.conf) or PGBACKREST_REPO1_* in the environment; the stanza PGBACKREST_STANZA or
// --stanza (default better-self). A time without an offset is read in the database's time zone
// (UTC unless configured). With --serve the restored PostgreSQL keeps running (Ctrl-C stops it)
// and its DATABASE_URL is printed: `DATABASE_URL=… npm run start:production-shape` starts the site
// on it. Without these flags `npm run restore ARCHIVE` is the single-machine restore of `npm run backup`'s archive.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreToTime, summarizeInfo } from './pg-ha.mjs';
import { root } from './stack.mjs';

/** Whether the command line asks for a point-in-time restore (`--time`, or `--pitr`). */
export const wantsPitr = (argv) => argv.some((a) => a === '--pitr' || a === '--time' || a.startsWith('--time='));

export async function pitrRestore(argv, env = process.env) {
  const { values } = parseArgs({
    args: argv,
    options: { pitr: { type: 'boolean' }, time: { type: 'string' }, 'data-dir': { type: 'string' }, stanza: { type: 'string' }, port: { type: 'string' }, serve: { type: 'boolean' } },
    strict: true,
  });
  if (!values.time) throw new Error('usage: npm run restore -- --time "2026-11-29 10:31" [--data-dir DIR] [--stanza NAME] [--port N] [--serve]');
  if (Number.isNaN(Date.parse(values.time.replace(' ', 'T'))) && Number.isNaN(Date.parse(values.time))) throw new Error(`--time: "${values.time}" is not a date and time (e.g. "2026-11-29 10:31" or "2026-11-29T10:31:00Z")`);
  if (!env.PGBACKREST_CONFIG && !env.PGBACKREST_REPO1_TYPE && !env.PGBACKREST_REPO1_PATH) throw new Error('name the backup repository: PGBACKREST_CONFIG (a database host\'s pgbackrest.conf) or PGBACKREST_REPO1_* (pgBackRest\'s own settings)');
  const dataDir = path.resolve(values['data-dir'] ?? path.join(env.DATA_DIR ?? path.join(root, '.data'), `pitr-${values.time.replace(/[^0-9]/g, '')}`));
  const result = await restoreToTime({
    target: values.time,
    dataDir,
    stanza: values.stanza ?? env.PGBACKREST_STANZA ?? 'better-self',
    port: values.port ? Number(values.port) : undefined,
    keepRunning: Boolean(values.serve),
    env,
    log: (m) => console.log(`restore: ${m}`),
  });
  console.log(`restore: ${dataDir} holds the database as of ${result.recoveredTo ?? values.time} (${(result.ms / 1000).toFixed(1)} s); the superuser's password is the cluster's`);
  if (!result.server) {
    console.log(`restore: start it with  setpriv --reuid=postgres --regid=postgres --init-groups postgres -D ${dataDir} -c port=5432 -c archive_mode=off -c synchronous_standby_names=''  (or make it the first host of a new cluster)`);
    return;
  }
  console.log(`restore: serving on 127.0.0.1:${result.port} until Ctrl-C; the site starts on it with (PASSWORD: the cluster's superuser password)`);
  console.log(`DATABASE_URL=postgres://postgres:PASSWORD@127.0.0.1:${result.port}/better_self`);
  await new Promise((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await result.server.stop();
}

/** Whether `npm run backup` is asked for a pgBackRest base backup (`--pitr`, or PGBACKREST_STANZA set without an archive named). */
export const wantsPitrBackup = (argv, env = process.env) => argv.includes('--pitr') || (Boolean(env.PGBACKREST_STANZA) && argv.every((a) => a.startsWith('--')));

/**
 * `npm run backup -- --pitr [--type full|diff|incr]` on a database host: a pgBackRest base backup
 * of its PostgreSQL (pgBackRest refuses on a standby) with its configuration (PGBACKREST_CONFIG,
 * e.g. the host's pgbackrest.conf), run as the postgres user; prints the size and time.
 */
export async function pitrBackup(argv, env = process.env) {
  const { values } = parseArgs({ args: argv, options: { pitr: { type: 'boolean' }, type: { type: 'string', default: 'full' }, stanza: { type: 'string' } }, strict: true });
  if (!['full', 'diff', 'incr'].includes(values.type)) throw new Error(`--type: full, diff or incr (not ${values.type})`);
  if (!env.PGBACKREST_CONFIG) throw new Error('PGBACKREST_CONFIG: the database host\'s pgbackrest.conf (its repository and data folder)');
  const stanza = values.stanza ?? env.PGBACKREST_STANZA ?? 'better-self';
  const run = (args) => execFileSync('setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', 'pgbackrest', `--config=${path.resolve(env.PGBACKREST_CONFIG)}`, `--stanza=${stanza}`, ...args], { encoding: 'utf8', env });
  const started = Date.now();
  run(['backup', `--type=${values.type}`]);
  const ms = Date.now() - started;
  const info = summarizeInfo(JSON.parse(run(['info', '--output=json']))[0]);
  const last = info.backups.at(-1);
  console.log(`backup: ${last.label} (${last.type}) — ${(last.databaseBytes / 1e6).toFixed(1)} MB of database, ${(last.repoBytes / 1e6).toFixed(1)} MB stored, ${(ms / 1000).toFixed(1)} s; WAL archived up to ${info.archive?.newestWal ?? 'none'}`);
}
