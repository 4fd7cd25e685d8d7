import { chmodSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureDatabase, startEmbeddedPostgres } from '@app/embedded-db';
import { createDb, migrateDb } from '@app/api/db';
import { ensureAccount } from '@app/api/domain/accounts/ensure-accounts';
import { login } from '@app/api/domain/accounts/login';
import { mediaStorageFromEnv } from '@app/shared/server';
import { startTestBucket } from '@app/test-support/test-bucket';
import { backup, backupMedia, restore, restoreMedia, tableFingerprints } from './backup.mjs';
import { prepareCms } from './stack.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
// The embedded server runs as its own user, which must reach its data folder inside.
chmodSync(work, 0o755);
const cleanups = [];
// Stopping the embedded servers waits for their shutdown checkpoints: more than the default 10 s
// when the machine is busy (CI runs the type check, lint and the CMS's build beside the tests).
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(work, { recursive: true, force: true });
}, 120_000);
const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent };

async function fingerprints(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await tableFingerprints(c);
  } finally {
    await c.end();
  }
}

/** A database as the site leaves it: both schemas migrated, the CMS's own seed, a member, media files. */
async function siteDatabase(url, mediaDir) {
  const db = createDb(url, 2);
  await migrateDb(db);
  await ensureAccount(db, { username: 'kept_member', email: 'kept@example.com', password: 'kept-pass-123', tier: 'pro' });
  await db.$client.end();
  await prepareCms({ ...process.env, DATABASE_URL: url, PAYLOAD_SECRET: 'backup-test', MEDIA_DIR: mediaDir, NODE_ENV: 'production' }, false);
  mkdirSync(path.join(mediaDir, 'nested'), { recursive: true });
  writeFileSync(path.join(mediaDir, 'nested', 'photo.jpg'), 'not really a photo');
}

async function roundTrip(server, name) {
  const source = `${server}/${name}_source`;
  const target = `${server}/${name}_target`;
  const media = path.join(work, name, 'media');
  const restoredMedia = path.join(work, name, 'restored-media');
  await siteDatabase(source, media);
  const archive = path.join(work, `${name}.tar.gz`);
  const manifest = await backup({ databaseUrl: source, mediaDir: media, archive });
  expect(manifest.tables.map((t) => t.schema)).toContain('cms');
  expect(manifest.tables.map((t) => t.schema)).toContain('app');

  await restore({ databaseUrl: target, mediaDir: restoredMedia, archive, cmsEnv: { PAYLOAD_SECRET: 'backup-test' } });

  // Every table: the same rows (count and checksum), as the restore also checked.
  const before = await fingerprints(source);
  expect(before.reduce((n, t) => n + t.rows, 0)).toBeGreaterThan(20);
  expect(await fingerprints(target)).toEqual(before);
  expect(readdirSync(restoredMedia, { recursive: true }).sort()).toEqual(readdirSync(media, { recursive: true }).sort());
  expect(readFileSync(path.join(restoredMedia, 'nested', 'photo.jpg'), 'utf8')).toBe('not really a photo');
  // The restored member signs in through the API's own sign-in, and new rows get fresh ids.
  const db = createDb(target, 2);
  try {
    const user = await login({ db, mailer: null, logger: silent, publicUrl: 'http://localhost' }, { username: 'kept_member', password: 'kept-pass-123' }, '127.0.0.1');
    expect(user.membershipTier).toBe('pro');
    expect(await ensureAccount(db, { username: 'after_restore', email: 'after@example.com', password: 'after-pass-123', tier: 'free' })).toBe('created');
  } finally {
    await db.$client.end();
  }
  // A restore never writes over a database in use.
  await expect(restore({ databaseUrl: target, mediaDir: path.join(work, name, 'other'), archive })).rejects.toThrow('The database is not empty');
}

// With DATABASE_URL (CI: the system PostgreSQL 15, the version production uses) the round trip runs
// once, there (issue 53 #6); the embedded server's runs without it, and in `npm run test:long`.
const embeddedToo = !process.env.DATABASE_URL || Boolean(process.env.LONG_TESTS);

describe('backup and restore', () => {
  it.runIf(embeddedToo)('round-trips both schemas and the media on the embedded PostgreSQL', async () => {
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(work, 'embedded'), port: 4561 });
    cleanups.push(() => embedded.stop());
    for (const db of ['embedded_source', 'embedded_target']) await ensureDatabase(embedded.url(), db);
    await roundTrip(`postgres://postgres:postgres@127.0.0.1:4561`, 'embedded');
  }, 240_000);

  it('round-trips both schemas and the media on the machine’s PostgreSQL 15', async () => {
    const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const admin = new pg.Client({ connectionString: server.href });
    await admin.connect();
    const names = ['pg15_source', 'pg15_target'].map((n) => `backup_test_${process.pid}_${n}`);
    for (const n of names) await admin.query(`create database ${n}`);
    cleanups.push(async () => {
      for (const n of names) await admin.query(`drop database if exists ${n} with (force)`);
      await admin.end();
    });
    await roundTrip(`${server.protocol}//${server.username ? `${server.username}@` : ''}${server.host}`, `backup_test_${process.pid}_pg15`);
  }, 240_000);
});

/** The files below `dir`, as /media/ paths. */
const filesIn = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();

describe('media kept in a bucket (MEDIA_S3_*)', () => {
  it('backs up every object below the prefix and puts them back, into a bucket or a folder', async () => {
    const bucket = await startTestBucket('site-media');
    cleanups.push(() => bucket.close());
    const at = (prefix) => mediaStorageFromEnv(bucket.env(prefix), '/unused');
    // As the CMS and the avatar store leave it, and another application's object beside the prefix.
    const FILES = { 'harbour.jpg': 'a harbour', 'harbour-480x240.jpg': 'a small harbour', 'nested/photo.jpg': 'not really a photo', 'avatars/abcdefghijklmnopqrstuvwx-256.webp': 'RIFF an avatar' };
    for (const [name, body] of Object.entries(FILES)) await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: `site/${name}`, Body: body }));
    await bucket.client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: 'other-app/report.txt', Body: 'not the site’s' }));

    const archived = path.join(work, 'bucket-media');
    mkdirSync(archived);
    expect(await backupMedia({ mediaDir: path.join(work, 'no-such-folder'), mediaBucket: at('site/') }, archived)).toBe(4);
    expect(filesIn(archived)).toEqual(Object.keys(FILES).sort());

    // Into the bucket below another prefix: each file where the stores look for it; again, nothing to put.
    expect(await restoreMedia({ mediaDir: path.join(work, 'no-such-folder'), mediaBucket: at('restored/') }, archived)).toBe('4 media files put in s3://site-media/restored/ (0 already there)');
    expect(await bucket.keys('restored/')).toEqual(Object.keys(FILES).map((f) => `restored/${f}`).sort());
    for (const [name, body] of Object.entries(FILES)) expect((await bucket.bytes(`restored/${name}`)).toString()).toBe(body);
    expect(await restoreMedia({ mediaDir: path.join(work, 'no-such-folder'), mediaBucket: at('restored/') }, archived)).toBe('0 media files put in s3://site-media/restored/ (4 already there)');

    // Into a folder: a site that keeps its media on disk again.
    const folder = path.join(work, 'media-from-bucket');
    await restoreMedia({ mediaDir: folder, mediaBucket: null }, archived);
    expect(filesIn(folder)).toEqual(Object.keys(FILES).sort());
    expect(readFileSync(path.join(folder, 'nested', 'photo.jpg'), 'utf8')).toBe('not really a photo');
  });
});
