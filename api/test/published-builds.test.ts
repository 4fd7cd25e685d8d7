import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BuildManifestSchema, MANIFEST_FILE, SITE_BUILDS_CHANNEL, siteBuildsStorageFromEnv } from '@app/shared/server';
import { createLiveSite, type LiveSite } from '@app/site/live-site';
import { asc, sql } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { siteBuilds } from '../src/db/schema/index.ts';
import { createBuildPublisher } from '../src/integrations/published-builds.ts';
import { createTestDatabase } from './test-db.ts';

// Static builds published to an S3-compatible bucket (issue 50 #2): s3rver stands in for the bucket,
// one PostgreSQL for the hosts, and each "host" is a real site server (the live site of
// @app/site/live-site, listening) with a cache folder of its own. The builds are small but built the
// way Astro's node adapter leaves one: a server entry and static client files.
const BUCKET = 'better-self-builds';
const s3Dir = mkdtempSync(path.join(tmpdir(), 's3rver-builds-'));
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
const { port } = await s3rver.run();
const endpoint = `http://127.0.0.1:${port}`;
// The connection settings are the media's (MEDIA_S3_*); the bucket is the builds' own.
const storage = siteBuildsStorageFromEnv({ SITE_BUILDS_S3_BUCKET: BUCKET, SITE_BUILDS_S3_PREFIX: 'shop/', SITE_BUILDS_KEEP: '2', MEDIA_S3_BUCKET: 'public-media', MEDIA_S3_ENDPOINT: endpoint, MEDIA_S3_ACCESS_KEY_ID: 'S3RVER', MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER' })!;
const s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
const database = await createTestDatabase();
const { db } = database;
const publisher = createBuildPublisher({ storage, db });
const root = mkdtempSync(path.join(tmpdir(), 'published-builds-'));
const staging = path.join(root, 'staging');
const nodeModulesDir = path.resolve(import.meta.dirname, '../../node_modules');

const listener = new pg.Client({ connectionString: database.url });
await listener.connect();
const heard: string[] = [];
listener.on('notification', (n) => heard.push(n.payload ?? ''));
await listener.query(`listen ${SITE_BUILDS_CHANNEL}`);

/** A finished build in the staging folder, as the API's builder leaves it before publishing. */
function stagedBuild(id: string, label: string): string {
  const dir = path.join(staging, id);
  mkdirSync(path.join(dir, 'server'), { recursive: true });
  mkdirSync(path.join(dir, 'client/_astro'), { recursive: true });
  writeFileSync(path.join(dir, 'server/entry.mjs'), `export const handler = (req, res, next) => next();`);
  writeFileSync(path.join(dir, 'client/index.html'), `<!doctype html><title>${label}</title><p>${label} `.padEnd(600, '.'));
  writeFileSync(path.join(dir, 'client/_astro/app.js'), `console.log(${JSON.stringify(label)})`);
  writeFileSync(path.join(dir, 'content.json'), JSON.stringify({ version: `v-${label}`, records: {} }));
  return dir;
}

async function publish(id: string, label: string) {
  return publisher.publish({ buildId: id, dir: stagedBuild(id, label), contentVersion: `v-${label}` });
}

type Host = { site: LiveSite; server: Server; base: string; cache: string };
const hosts: Host[] = [];

/** A site server with its own cache folder (the same folder again: the host restarted). */
async function startHost(cache = mkdtempSync(path.join(root, 'host-'))): Promise<Host> {
  const site = await createLiveSite({ buildsDir: cache, published: { databaseUrl: database.url, storage, nodeModulesDir, retryMs: 600_000 } });
  const server = createServer((req, res) => site.handle(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const host = { site, server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, cache };
  hosts.push(host);
  return host;
}

async function stopHost(host: Host) {
  hosts.splice(hosts.indexOf(host), 1);
  await host.site.published!.stop();
  await new Promise<void>((r) => host.server.close(() => r()));
}

/** A bound for a host's fetching and loading a build from the bucket, not a measurement: the default poll's 1 s failed on a loaded machine. */
const FETCHED = { timeout: 15_000 };
/** What the host answers at `/`: the title of the build it serves, or the status when it serves none. */
async function page(host: Host): Promise<string> {
  const res = await fetch(`${host.base}/`);
  const text = await res.text();
  return res.ok ? (/<title>(.*?)<\/title>/.exec(text)?.[1] ?? text) : String(res.status);
}

async function ready(host: Host) {
  const res = await fetch(`${host.base}/api/ready`);
  return { status: res.status, body: (await res.json()) as { ready: boolean; message: string; siteBuild: { buildId: string | null; problem: string | null } } };
}

async function keysUnder(prefix: string): Promise<string[]> {
  const res = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
}

const rows = () => db.select({ buildId: siteBuilds.buildId, prefix: siteBuilds.prefix }).from(siteBuilds).orderBy(asc(siteBuilds.publishedAt));

afterAll(async () => {
  for (const host of [...hosts]) await stopHost(host);
  await listener.end();
  await database.drop();
  await s3rver.close();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(root, { recursive: true, force: true });
});

describe('static builds published to the bucket (SITE_BUILDS_S3_*)', () => {
  it('uploads every file under a prefix named for the content version, the manifest with each size and checksum, and records and announces the build', async () => {
    const { prefix } = await publish('b1001', 'first');
    expect(prefix).toMatch(/^shop\/site-builds\/v-first-[0-9a-f]{16}\/$/);
    expect(await keysUnder(prefix)).toEqual(['client/_astro/app.js', 'client/index.html', 'content.json', MANIFEST_FILE, 'server/entry.mjs']);
    const manifest = BuildManifestSchema.parse(JSON.parse(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: prefix + MANIFEST_FILE }))).Body!.transformToString()));
    expect(manifest.contentVersion).toBe('v-first');
    expect(manifest.files.find((f) => f.path === 'client/index.html')).toEqual({ path: 'client/index.html', size: 600, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await rows()).toEqual([{ buildId: 'b1001', prefix }]);
    expect(await publisher.live()).toBe('b1001');
    await expect.poll(() => heard).toContain('b1001');
  });

  it('is served by every site server, each from its own cache, and a newer build swaps them all between requests', async () => {
    const [a, b] = [await startHost(), await startHost()];
    await expect.poll(() => page(a), FETCHED).toBe('first');
    await expect.poll(() => page(b), FETCHED).toBe('first');
    await publish('b1002', 'second');
    await expect.poll(() => page(a), FETCHED).toBe('second');
    await expect.poll(() => page(b), FETCHED).toBe('second');
    const answer = await ready(b);
    expect([answer.status, answer.body.ready, answer.body.siteBuild.buildId]).toEqual([200, true, 'b1002']);
    // Each host fetched its own copy into its own cache.
    for (const host of [a, b]) expect(readFileSync(path.join(host.cache, 'published/b1002/client/index.html'), 'utf8')).toContain('second');
  });

  it('never serves a build whose file does not match its checksum: a restarted host answers 503 "starting" (not its old site) until the live build checks out', async () => {
    const [a, b] = hosts;
    await stopHost(a!);
    await stopHost(b!);
    const { prefix } = await publish('b1003', 'third');
    const good = readFileSync(path.join(staging, 'b1003/client/index.html'));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix}client/index.html`, Body: Buffer.from(good.toString('utf8').replace('third', 'THIRD')) }));

    const restarted = await startHost(b!.cache);
    const fresh = await startHost();
    for (const host of [restarted, fresh]) {
      await host.site.published!.sync();
      expect(await page(host)).toBe('503');
      const answer = await ready(host);
      expect([answer.status, answer.body.ready]).toEqual([503, false]);
      expect(answer.body.message).toMatch(/^Not ready: starting/);
      expect(answer.body.siteBuild.problem).toContain('client/index.html does not match its checksum');
    }

    // The bucket put right, the next attempt catches up.
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${prefix}client/index.html`, Body: good }));
    for (const host of [restarted, fresh]) {
      await host.site.published!.sync();
      expect(await page(host)).toBe('third');
      expect((await ready(host)).status).toBe(200);
    }
  });

  it('never serves a build whose manifest is missing (an upload cut short), and a running host keeps serving the live one it has', async () => {
    const running = hosts[0]!;
    const { prefix } = await publish('b1004', 'fourth');
    await expect.poll(() => page(running), FETCHED).toBe('fourth');
    await stopHost(running);
    await s3.send(new DeleteObjectsCommand({ Bucket: BUCKET, Delete: { Objects: [{ Key: prefix + MANIFEST_FILE }] } }));
    const started = await startHost();
    await started.site.published!.sync();
    expect(await page(started)).toBe('503');
    expect((await ready(started)).body.siteBuild.problem).toMatch(/has no readable manifest/);

    // A running host told of a build whose files are there but whose manifest is not: it stays on what it serves.
    const other = await startHost(running.cache);
    await db.update(siteBuilds).set({ activatedAt: sql`clock_timestamp()` }).where(sql`${siteBuilds.buildId} = 'b1003'`);
    await other.site.published!.sync();
    expect(await page(other)).toBe('third');
    await db.update(siteBuilds).set({ activatedAt: sql`clock_timestamp()` }).where(sql`${siteBuilds.buildId} = 'b1004'`);
    await db.execute(sql`select pg_notify(${SITE_BUILDS_CHANNEL}, 'b1004')`);
    await other.site.published!.sync();
    expect(await page(other)).toBe('third');
    expect((await ready(other)).status).toBe(200);
    await stopHost(started);
  });

  it('uploads a build beside its health check where no host sees it, publishes it from those files, and sweeps an upload whose check failed', async () => {
    const host = hosts[0]!;
    const before = await page(host);
    // One build fails its check after its upload: its files are in the bucket, nothing else is.
    const failed = await publisher.upload({ dir: stagedBuild('b1010', 'failed its check'), contentVersion: 'v-failed' });
    const dir = stagedBuild('b1011', 'checked');
    const uploaded = await publisher.upload({ dir, contentVersion: 'v-checked' });
    const files = ['client/_astro/app.js', 'client/index.html', 'content.json', 'server/entry.mjs'];
    expect(await keysUnder(failed.prefix)).toEqual(files);
    expect(await keysUnder(uploaded.prefix)).toEqual(files);
    expect((await rows()).map((r) => r.buildId)).not.toContain('b1011');
    await host.site.published!.sync();
    expect(await page(host)).toBe(before);

    // Publishing reads the uploaded build's manifest, not the folder again.
    rmSync(path.join(dir, 'client'), { recursive: true });
    await publisher.publish({ buildId: 'b1011', dir, contentVersion: 'v-checked' }, uploaded);
    expect(await keysUnder(uploaded.prefix)).toEqual([...files, MANIFEST_FILE].sort());
    await host.site.published!.sync();
    expect(await page(host)).toBe('checked');
    expect(await keysUnder(failed.prefix)).toEqual([]);
  });

  it('keeps the newest builds and the live one, in the bucket and in every cache, and sweeps uploads that were never recorded', async () => {
    const host = hosts[0]!;
    await publish('b1005', 'fifth');
    await publish('b1006', 'sixth');
    expect(await publisher.kept()).toEqual(['b1005', 'b1006']);
    // A rollback makes the older kept build live: pruning to one build still keeps it.
    await publisher.activate('b1005');
    await host.site.published!.sync();
    expect(await page(host)).toBe('fifth');
    expect(await createBuildPublisher({ storage: { ...storage, keep: 1 }, db }).prune()).toEqual([]);
    expect(await publisher.kept()).toEqual(['b1005', 'b1006']);

    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'shop/site-builds/v-cut-short-0000000000000000/client/index.html', Body: 'half' }));
    await publish('b1007', 'seventh');
    await publish('b1008', 'eighth');
    const kept = await rows();
    expect(kept.map((r) => r.buildId)).toEqual(['b1007', 'b1008']);
    const inBucket = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'shop/site-builds/', Delimiter: '/' }));
    expect((inBucket.CommonPrefixes ?? []).map((p) => p.Prefix).sort()).toEqual(kept.map((r) => r.prefix).sort());

    await host.site.published!.sync();
    expect(await page(host)).toBe('eighth');
    const cached = readdirSync(path.join(host.cache, 'published')).filter((n) => n !== 'node_modules');
    expect(cached).toContain('b1008');
    expect(cached.filter((n) => !['b1007', 'b1008'].includes(n))).toEqual([]);
  });

  it('stays on the local builds folder when no bucket is set', () => {
    expect(siteBuildsStorageFromEnv({ MEDIA_S3_BUCKET: 'public-media', MEDIA_S3_ENDPOINT: endpoint, SITE_BUILDS_S3_BUCKET: '' })).toBeNull();
    expect(() => siteBuildsStorageFromEnv({ SITE_BUILDS_S3_BUCKET: BUCKET, SITE_BUILDS_S3_ACCESS_KEY_ID: 'x' })).toThrow(/set both access key settings/);
  });
});
