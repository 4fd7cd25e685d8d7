import { DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { MANIFEST_FILE, manifestBytes, manifestOf, manifestSha256, publishedPrefix, SITE_BUILDS_CHANNEL, type BuildManifest, type SiteBuildsStorage } from '@app/shared/server';
import { desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { siteBuilds } from '../db/schema/index.ts';
import type { LiveBuilds } from '../domain/deploy/rebuild-scheduler.ts';

/** How many files are uploaded at once (a demo build is a few hundred small files). */
const UPLOADS_AT_ONCE = 8;

/** A build folder's files in the bucket under its immutable prefix, without its manifest: nothing refers to them yet. */
export type UploadedBuild = { prefix: string; manifest: BuildManifest };

export type BuildPublisher = LiveBuilds & {
  /**
   * Uploads a finished build folder's files under its immutable prefix, but not its manifest: a
   * site server sees nothing of it, and prune() removes it unless it is published. The site
   * builder starts this beside the build's health check (issue 50 #2: publish-to-live).
   */
  upload(build: { dir: string; contentVersion: string }): Promise<UploadedBuild>;
  /**
   * Uploads a finished, health-checked build folder (unless `uploaded` has its files already), then
   * its manifest, records it, makes it live and announces it (one transaction, NOTIFY on commit),
   * then prunes the builds beyond the newest `keep`. Resolves with what was pruned.
   */
  publish(build: { buildId: string; dir: string; contentVersion: string; say?: (text: string) => void }, uploaded?: UploadedBuild): Promise<{ prefix: string; pruned: string[] }>;
  /** Removes published builds beyond the newest `keep` (never the live one), and uploads no row names. */
  prune(): Promise<string[]>;
};

export function s3ClientFor(storage: SiteBuildsStorage): S3Client {
  return new S3Client({ region: storage.region, endpoint: storage.endpoint, forcePathStyle: storage.forcePathStyle, credentials: storage.credentials });
}

/**
 * Static builds published to S3-compatible storage (@app/shared's published-builds.ts is the
 * protocol; site servers follow it in site/server/published-builds.ts). Runs on the API instance
 * that builds, under the deploy lock, so one instance publishes and prunes at a time.
 */
export function createBuildPublisher(deps: { storage: SiteBuildsStorage; db: Db; client?: S3Client }): BuildPublisher {
  const { storage, db } = deps;
  const s3 = deps.client ?? s3ClientFor(storage);
  const root = `${storage.prefix}site-builds/`;

  async function put(key: string, body: Buffer, contentType: string) {
    await s3.send(new PutObjectCommand({ Bucket: storage.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType }));
  }

  async function removePrefix(prefix: string) {
    // The manifest first: a prefix whose removal is cut short is one no site server would take.
    await s3.send(new DeleteObjectsCommand({ Bucket: storage.bucket, Delete: { Objects: [{ Key: prefix + MANIFEST_FILE }], Quiet: true } }));
    for (let token: string | undefined; ; ) {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length) await s3.send(new DeleteObjectsCommand({ Bucket: storage.bucket, Delete: { Objects: keys, Quiet: true } }));
      if (!page.IsTruncated) return;
      token = page.NextContinuationToken;
    }
  }

  /** The build prefixes in the bucket (published, or uploads cut short). */
  async function prefixesInBucket(): Promise<string[]> {
    const found: string[] = [];
    for (let token: string | undefined; ; ) {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: root, Delimiter: '/', ContinuationToken: token }));
      found.push(...(page.CommonPrefixes ?? []).map((p) => p.Prefix!));
      if (!page.IsTruncated) return found;
      token = page.NextContinuationToken;
    }
  }

  async function activate(tx: Pick<Db, 'update' | 'execute'>, buildId: string): Promise<boolean> {
    const rows = await tx.update(siteBuilds).set({ activatedAt: sql`clock_timestamp()` }).where(eq(siteBuilds.buildId, buildId)).returning({ buildId: siteBuilds.buildId });
    if (rows.length === 0) return false;
    await tx.execute(sql`select pg_notify(${SITE_BUILDS_CHANNEL}, ${buildId})`);
    return true;
  }

  async function upload({ dir, contentVersion }: { dir: string; contentVersion: string }): Promise<UploadedBuild> {
    const manifest = await manifestOf(dir, contentVersion);
    const prefix = publishedPrefix(storage.prefix, manifest);
    const queue = [...manifest.files];
    const worker = async () => {
      for (let f = queue.shift(); f; f = queue.shift()) await put(prefix + f.path, await readFile(path.join(dir, f.path)), 'application/octet-stream');
    };
    await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
    return { prefix, manifest };
  }

  async function live(): Promise<string | null> {
    const [row] = await db.select({ buildId: siteBuilds.buildId }).from(siteBuilds).where(isNotNull(siteBuilds.activatedAt)).orderBy(desc(siteBuilds.activatedAt)).limit(1);
    return row?.buildId ?? null;
  }

  async function prune(): Promise<string[]> {
    const current = await live();
    const rows = await db.select({ buildId: siteBuilds.buildId, prefix: siteBuilds.prefix }).from(siteBuilds).orderBy(desc(siteBuilds.publishedAt));
    const old = rows.slice(storage.keep).filter((r) => r.buildId !== current);
    // The rows first: once a row is gone no site server fetches its build, nor may a rollback pick it.
    if (old.length) await db.delete(siteBuilds).where(inArray(siteBuilds.buildId, old.map((r) => r.buildId)));
    const recorded = new Set(rows.filter((r) => !old.includes(r)).map((r) => r.prefix));
    const orphans = (await prefixesInBucket()).filter((p) => !recorded.has(p));
    for (const prefix of orphans) await removePrefix(prefix);
    return old.map((r) => r.buildId);
  }

  return {
    live,
    prune,
    async kept() {
      const rows = await db.select({ buildId: siteBuilds.buildId }).from(siteBuilds).orderBy(siteBuilds.publishedAt);
      return rows.map((r) => r.buildId);
    },
    async activate(buildId) {
      const done = await db.transaction((tx) => activate(tx, buildId));
      if (!done) throw new Error(`${buildId} is not a published build`);
    },
    upload,
    async publish({ buildId, dir, contentVersion, say = () => {} }, uploaded) {
      const { prefix, manifest } = uploaded ?? (await upload({ dir, contentVersion }));
      const manifestBody = manifestBytes(manifest);
      // Last: a prefix without its manifest is an upload cut short, which no site server takes.
      await put(prefix + MANIFEST_FILE, manifestBody, 'application/json');
      const bytes = manifest.files.reduce((sum, f) => sum + f.size, 0);
      await db.transaction(async (tx) => {
        // The same files again (a rebuild that changed nothing) land on the same prefix: the row moves to this build.
        await tx
          .insert(siteBuilds)
          .values({ buildId, contentVersion, prefix, manifestSha256: manifestSha256(manifestBody), files: manifest.files.length, bytes })
          .onConflictDoUpdate({ target: siteBuilds.prefix, set: { buildId, publishedAt: sql`now()` } });
        await activate(tx, buildId);
      });
      say(`published ${manifest.files.length} files (${Math.round(bytes / 1024)} KiB) to ${prefix}`);
      return { prefix, pruned: await prune() };
    },
  };
}
