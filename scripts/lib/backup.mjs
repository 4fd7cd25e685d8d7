// Backup and restore of everything the site keeps (issue 26): both database schemas (`cms`,
// Payload's; `app`, the API's) and the uploaded media, in one .tar.gz. The media come from the
// media folder, or from the bucket below its prefix when the site keeps them there (MEDIA_S3_*),
// and go back the same way: an archive made from either restores into either.
//
// The tables are written as JSON from one repeatable-read snapshot, with each table's row count
// and checksum, rather than by pg_dump: the embedded PostgreSQL ships no pg_dump, and the
// machine's pg_dump 15 cannot read a newer server. A restore builds the schemas with the code's
// own migrations (the archive names the migrations it was taken at and a restore refuses another
// set), loads the rows, sets the sequences and checks every table's count and checksum.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb, migrateDb } from '@app/api/db';
import { copyBucketToMedia, copyMediaToBucket } from '@app/api/integrations/media/copy-media-to-bucket';
import { mediaS3Client } from '@app/api/integrations/media/s3-media-store';
import { prepareCms } from './stack.mjs';

export const SCHEMAS = ['cms', 'app'];
const FORMAT = 1;
const ident = (schema, table) => `"${schema}"."${table.replaceAll('"', '""')}"`;

async function withClient(databaseUrl, fn) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function listTables(client) {
  const { rows } = await client.query("select table_schema as schema, table_name as table from information_schema.tables where table_schema = any($1) and table_type = 'BASE TABLE' order by 1, 2", [SCHEMAS]);
  return rows;
}

/** Each table's row count and a checksum of its rows (order-independent). */
export async function tableFingerprints(client) {
  const out = [];
  for (const { schema, table } of await listTables(client)) {
    const { rows } = await client.query(`select count(*)::int as rows, md5(coalesce(string_agg(md5(t::text), '' order by md5(t::text)), '')) as checksum from ${ident(schema, table)} t`);
    out.push({ schema, table, ...rows[0] });
  }
  return out;
}

async function migrationsOf(client) {
  const app = await client.query('select hash from app.__migrations order by id').then((r) => r.rows.map((x) => x.hash), () => []);
  const cms = await client.query('select name from cms.payload_migrations order by id').then((r) => r.rows.map((x) => x.name), () => []);
  return { app, cms };
}

/** Runs `fn` with an S3 client for the media bucket, closed after. */
async function withBucket(mediaBucket, fn) {
  const s3 = mediaS3Client(mediaBucket);
  try {
    return await fn(s3);
  } finally {
    s3.destroy();
  }
}

/**
 * The site's media into `dir` (an archive's media/): the bucket's objects below its prefix when
 * `mediaBucket` is set (MEDIA_S3_*), else the media folder's files. Returns how many files.
 */
export async function backupMedia({ mediaDir, mediaBucket }, dir) {
  if (mediaBucket) await withBucket(mediaBucket, (s3) => copyBucketToMedia({ bucket: mediaBucket, s3, dir }));
  else if (existsSync(mediaDir)) cpSync(mediaDir, dir, { recursive: true });
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
}

/**
 * An archive's media (`dir`) back where the site keeps them: into the bucket below its prefix
 * (what it already holds whole is left; nothing else there is touched or removed), or into the
 * media folder (which `restore` has checked is empty). Returns what was done, for the log.
 */
export async function restoreMedia({ mediaDir, mediaBucket }, dir) {
  if (mediaBucket) {
    const outcome = await withBucket(mediaBucket, (s3) => copyMediaToBucket({ dir, bucket: mediaBucket, s3 }));
    return `${outcome.copied} media files put in s3://${mediaBucket.bucket}/${mediaBucket.prefix} (${outcome.skipped} already there)`;
  }
  mkdirSync(mediaDir, { recursive: true });
  cpSync(dir, mediaDir, { recursive: true });
  return `media files into ${mediaDir}`;
}

/**
 * Writes one archive of both schemas and the media (the folder, or the bucket when `mediaBucket`
 * is set); returns its manifest.
 */
export async function backup({ databaseUrl, mediaDir, mediaBucket = null, archive }) {
  const staging = mkdtempSync(path.join(tmpdir(), 'better-self-backup-'));
  try {
    mkdirSync(path.join(staging, 'db'));
    const manifest = await withClient(databaseUrl, async (client) => {
      // One snapshot for every table, so the archive is a state the site was really in.
      await client.query('begin isolation level repeatable read read only');
      const tables = await tableFingerprints(client);
      for (const t of tables) {
        const { rows } = await client.query(`select coalesce(json_agg(t), '[]'::json)::text as data from ${ident(t.schema, t.table)} t`);
        writeFileSync(path.join(staging, 'db', `${t.schema}.${t.table}.json`), rows[0].data);
      }
      const { rows: sequences } = await client.query('select schemaname as schema, sequencename as name, last_value as "lastValue" from pg_sequences where schemaname = any($1)', [SCHEMAS]);
      const migrations = await migrationsOf(client);
      await client.query('commit');
      return { format: FORMAT, createdAt: new Date().toISOString(), tables, sequences, migrations };
    });
    mkdirSync(path.join(staging, 'media'));
    manifest.mediaFiles = await backupMedia({ mediaDir, mediaBucket }, path.join(staging, 'media'));
    writeFileSync(path.join(staging, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(path.dirname(path.resolve(archive)), { recursive: true });
    execFileSync('tar', ['-czf', path.resolve(archive), '-C', staging, '.']);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Brings a fresh database (no tables in `cms` or `app`) and an empty media folder (or the media
 * bucket, `mediaBucket`) back to the archive's state; verifies every table's count and checksum.
 * `cmsEnv` is what the CMS needs to run its migrations (PAYLOAD_SECRET and the like).
 */
export async function restore({ databaseUrl, mediaDir, mediaBucket = null, archive, cmsEnv = {}, log = () => {} }) {
  const staging = mkdtempSync(path.join(tmpdir(), 'better-self-restore-'));
  try {
    execFileSync('tar', ['-xzf', path.resolve(archive), '-C', staging]);
    const manifest = JSON.parse(readFileSync(path.join(staging, 'manifest.json'), 'utf8'));
    if (manifest.format !== FORMAT) throw new Error(`This archive's format (${manifest.format}) is not one this version restores.`);
    await withClient(databaseUrl, async (client) => {
      if ((await listTables(client)).length) throw new Error('The database is not empty: restore into a fresh database (create one and point DATABASE_URL at it).');
    });
    if (!mediaBucket && existsSync(mediaDir) && readdirSync(mediaDir).length) throw new Error(`The media folder ${mediaDir} is not empty: restore into an empty one.`);

    log('creating the schemas with the migrations');
    const db = createDb(databaseUrl, 2);
    try {
      await migrateDb(db);
    } finally {
      await db.$client.end();
    }
    // The CMS's preparation also writes its own seed pictures: keep them out of the media folder and
    // the bucket (an empty MEDIA_S3_BUCKET is an unset one).
    const scratch = mkdtempSync(path.join(tmpdir(), 'better-self-restore-media-'));
    try {
      await prepareCms({ ...process.env, PAYLOAD_SECRET: 'restore', ...cmsEnv, DATABASE_URL: databaseUrl, MEDIA_DIR: scratch, MEDIA_S3_BUCKET: '', NODE_ENV: 'production', CMS_ADMIN_EMAIL: '', CMS_ADMIN_PASSWORD: '' }, false);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }

    await withClient(databaseUrl, async (client) => {
      const migrations = await migrationsOf(client);
      if (JSON.stringify(migrations) !== JSON.stringify(manifest.migrations)) {
        throw new Error('The archive was taken at other migrations than this version of the code has: restore it with the version that made it.');
      }
      log(`loading ${manifest.tables.length} tables`);
      await client.query('begin');
      // Rows arrive in any order: foreign keys and triggers wait (superuser), the checks below verify.
      await client.query('set local session_replication_role = replica');
      const tables = await listTables(client);
      await client.query(`truncate ${tables.map((t) => ident(t.schema, t.table)).join(', ')}`);
      for (const t of manifest.tables) {
        const { rows: cols } = await client.query("select attname from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = '' order by attnum", [ident(t.schema, t.table)]);
        const list = cols.map((c) => `"${c.attname.replaceAll('"', '""')}"`).join(', ');
        const data = readFileSync(path.join(staging, 'db', `${t.schema}.${t.table}.json`), 'utf8');
        await client.query(`insert into ${ident(t.schema, t.table)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${ident(t.schema, t.table)}, $1::json)`, [data]);
      }
      for (const s of manifest.sequences) {
        await client.query('select setval($1::regclass, $2, $3)', [ident(s.schema, s.name), s.lastValue ?? 1, s.lastValue !== null]);
      }
      await client.query('commit');
      const now = await tableFingerprints(client);
      const key = (t) => `${t.schema}.${t.table}`;
      const expected = new Map(manifest.tables.map((t) => [key(t), t]));
      const differing = now.filter((t) => expected.get(key(t))?.checksum !== t.checksum || expected.get(key(t))?.rows !== t.rows).map(key);
      if (differing.length || now.length !== manifest.tables.length) throw new Error(`The restored tables differ from the archive: ${differing.join(', ') || 'another set of tables'}`);
    });

    const media = await restoreMedia({ mediaDir, mediaBucket }, path.join(staging, 'media'));
    log(`restored ${manifest.tables.length} tables (${manifest.tables.reduce((n, t) => n + t.rows, 0)} rows) and ${manifest.mediaFiles} media files from ${manifest.createdAt}: ${media}`);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
