// A site server's side of published builds (issue 50 #2; the protocol is @app/shared/server's
// published-builds.ts): it listens on the `site_builds` channel, reads the live build's row,
// fetches that build from the bucket into its local cache, verifies every file against the
// manifest (whose own checksum the row records) and only then hands the folder over to be served.
// Until the live build is held whole the server is "starting": it never serves an older one, not
// even one already in its cache. Builds the bucket no longer keeps leave the cache too.
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import {
  connectedClient,
  CURRENT_PUBLISHED_BUILD_SQL,
  isBuildId,
  KEPT_PUBLISHED_BUILDS_SQL,
  linkDependencies,
  listenWithRetry,
  MANIFEST_FILE,
  readManifest,
  SITE_BUILDS_CHANNEL,
  verifyBuildDir,
  type BuildManifest,
  type PublishedBuild,
  type SiteBuildsStorage,
} from '@app/shared/server';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** Files fetched at once. */
const FETCHES_AT_ONCE = 8;

export type PublishedBuildsStatus = {
  /** `starting` until the live build has been fetched, verified and loaded once. */
  state: 'starting' | 'ready';
  /** The build being served, if any. */
  buildId: string | null;
  contentVersion: string | null;
  /** Why the live build is not (yet) the one served: not published yet, a fetch or check that failed. */
  problem: string | null;
};

export type PublishedBuildsFollower = {
  start(): Promise<void>;
  /** Brings the server to the live build now (after any sync running); resolves when this attempt is over. */
  sync(): Promise<void>;
  status(): PublishedBuildsStatus;
  stop(): Promise<void>;
};

export function followPublishedBuilds(deps: {
  databaseUrl: string;
  storage: SiteBuildsStorage;
  /** The local cache: one folder per build id (the site builds protocol's names), nothing else of ours. */
  cacheDir: string;
  /** The workspace's packages, linked beside the builds (their server chunks import them). */
  nodeModulesDir: string;
  /** Serves this verified folder from now on; rejects when it cannot be loaded. */
  swap(dir: string): Promise<void>;
  log(message: string): void;
  client?: S3Client;
  /** After a failed attempt, the next one (a notification also brings one). */
  retryMs?: number;
}): PublishedBuildsFollower {
  const { storage, cacheDir, log } = deps;
  const retryMs = deps.retryMs ?? 10_000;
  const s3 = deps.client ?? new S3Client({ region: storage.region, endpoint: storage.endpoint, forcePathStyle: storage.forcePathStyle, credentials: storage.credentials });
  const pool = new pg.Pool({ connectionString: deps.databaseUrl, max: 1, connectionTimeoutMillis: 5000, application_name: 'site builds' });
  pool.on('error', () => undefined);
  let served: PublishedBuild | null = null;
  /** The served build's folder and manifest: its files are copied rather than fetched again. */
  let servedFiles: { dir: string; manifest: BuildManifest } | null = null;
  let problem: string | null = 'waiting for the live build';
  let running: Promise<void> | null = null;
  let again = false;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  async function getObject(key: string): Promise<Buffer> {
    const res = await s3.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
    return Buffer.from(await res.Body!.transformToByteArray());
  }

  /**
   * Downloads the build into a folder of its own, then moves it into place once every file checks
   * out. A file the served build holds with the same checksum is copied from it instead (an edit
   * changes a few pages of some hundred files); the check that follows covers copies too.
   */
  async function fetchBuild(build: PublishedBuild, manifest: BuildManifest, dir: string, reuse = true): Promise<void> {
    const partial = `${dir}.fetching-${randomBytes(4).toString('hex')}`;
    const local = new Map(reuse && servedFiles ? servedFiles.manifest.files.map((f) => [f.sha256, path.join(servedFiles!.dir, f.path)]) : []);
    try {
      const queue = [...manifest.files];
      const worker = async () => {
        for (let f = queue.shift(); f; f = queue.shift()) {
          const file = path.join(partial, f.path);
          await mkdir(path.dirname(file), { recursive: true });
          const same = local.get(f.sha256);
          if (same && (await copyFile(same, file).then(() => true, () => false))) continue;
          await writeFile(file, await getObject(build.prefix + f.path));
        }
      };
      await Promise.all(Array.from({ length: FETCHES_AT_ONCE }, worker));
      const wrong = await verifyBuildDir(partial, manifest);
      // A copy gone wrong on this disk: everything from the bucket, once.
      if (wrong && local.size > 0) return await fetchBuild(build, manifest, dir, false);
      if (wrong) throw new Error(`build ${build.buildId} from ${build.prefix} failed its check: ${wrong}`);
      await rm(dir, { recursive: true, force: true });
      await rename(partial, dir);
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
  }

  async function bringToLive(): Promise<void> {
    const { rows } = await pool.query<PublishedBuild>(CURRENT_PUBLISHED_BUILD_SQL);
    const live = rows[0];
    if (!live) {
      problem = 'no site build has been published yet';
      return;
    }
    if (served?.buildId === live.buildId && served.manifestSha256 === live.manifestSha256) return void (problem = null);
    if (!isBuildId(live.buildId)) throw new Error(`${live.buildId} is not a build id`);
    const manifest = readManifest(await getObject(live.prefix + MANIFEST_FILE).catch((err: Error) => Promise.reject(new Error(`build ${live.buildId} has no readable manifest at ${live.prefix}${MANIFEST_FILE}: ${err.message}`))), live.manifestSha256);
    const dir = path.join(cacheDir, live.buildId);
    // A copy already in the cache (a restart, a rollback) is used only if it still checks out whole.
    const cached = existsSync(dir) && (await verifyBuildDir(dir, manifest)) === null;
    if (!cached) {
      log(`fetching site build ${live.buildId} (content ${live.contentVersion}, ${manifest.files.length} files)`);
      await fetchBuild(live, manifest, dir);
    }
    await deps.swap(dir);
    served = live;
    servedFiles = { dir, manifest };
    problem = null;
    log(`serving published site build ${live.buildId}${cached ? ' (from the cache)' : ''}`);
    await pruneCache();
  }

  /** Removes cached builds the bucket no longer keeps (never the one served), and fetches cut short (syncs run one at a time). */
  async function pruneCache(): Promise<void> {
    const kept = new Set((await pool.query<{ buildId: string }>(KEPT_PUBLISHED_BUILDS_SQL)).rows.map((r) => r.buildId));
    for (const name of await readdir(cacheDir)) {
      const id = name.split('.')[0]!;
      if (!isBuildId(id) || id === served?.buildId || (name === id && kept.has(id))) continue;
      await rm(path.join(cacheDir, name), { recursive: true, force: true });
    }
  }

  function sync(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    if (retry) clearTimeout(retry);
    retry = null;
    running = bringToLive()
      .catch((err: Error) => {
        problem = err.message;
        log(`could not bring the site to the live build: ${err.message}`);
        if (!stopped) retry = setTimeout(() => void sync(), retryMs);
        retry?.unref();
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void sync();
        }
      });
    return running;
  }

  const listener = listenWithRetry<pg.Client>({
    connect: () => connectedClient(new pg.Client({ connectionString: deps.databaseUrl, application_name: 'site builds listener' })),
    discard: (client) => client.end(),
    channels: () => [SITE_BUILDS_CHANNEL],
    onNotify: () => void sync(),
    // A build made live while the connection was down is caught up here (and at start).
    onConnect: () => void sync(),
    warn: (message, err) => log(`${message}: ${err.message}`),
  });

  return {
    async start() {
      await mkdir(cacheDir, { recursive: true });
      await linkDependencies(cacheDir, deps.nodeModulesDir);
      await listener.start();
    },
    async sync() {
      // A sync already running may have read the row before the change being asked about: one more.
      if (running) {
        again = true;
        await running;
      }
      await (running ?? sync());
    },
    status: () => ({ state: served ? 'ready' : 'starting', buildId: served?.buildId ?? null, contentVersion: served?.contentVersion ?? null, problem }),
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await listener.stop();
      await running;
      await pool.end();
    },
  };
}
