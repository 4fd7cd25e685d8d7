// Static builds published to object storage (issue 50 #2, DESIGN §3 "Several hosts"): the protocol
// between the API instance that builds a content version and every site server that serves it,
// owned here as site-builds.ts owns the local folders. A build is uploaded under an immutable
// prefix named for its content version and its files, its manifest (every file's size and sha256)
// uploaded last; a row in `app.site_builds` records it, and the live one is the row activated last,
// announced on the `site_builds` channel. A site server serves a build only once every file it
// holds matches the manifest, and the manifest matches the row's checksum.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** The PostgreSQL channel a build's activation is announced on (payload: its build id). */
export const SITE_BUILDS_CHANNEL = 'site_builds';
/** The API owns the table (api/src/db/schema/site-builds.ts); site servers read it with these queries. */
export const SITE_BUILDS_TABLE = 'app.site_builds';
export const MANIFEST_FILE = 'manifest.json';
/** The newest published builds kept in the bucket (besides the live one), for an admin's rollback. */
export const DEFAULT_KEEP_PUBLISHED = 5;

export type PublishedBuild = { buildId: string; contentVersion: string; prefix: string; manifestSha256: string };

export const CURRENT_PUBLISHED_BUILD_SQL = `select build_id as "buildId", content_version as "contentVersion", prefix, manifest_sha256 as "manifestSha256"
  from ${SITE_BUILDS_TABLE} where activated_at is not null order by activated_at desc limit 1`;
export const KEPT_PUBLISHED_BUILDS_SQL = `select build_id as "buildId" from ${SITE_BUILDS_TABLE}`;

/** A file's path inside a build: relative, forward slashes, no `.`/`..` segments (it becomes a local path). */
const BuildFilePath = z
  .string()
  .min(1)
  .max(1024)
  .refine((p) => !p.startsWith('/') && !p.includes('\\') && !p.includes('\0') && p.split('/').every((s) => s !== '' && s !== '.' && s !== '..'), 'not a relative path inside the build');

export const BuildManifestSchema = z.object({
  format: z.literal(1),
  contentVersion: z.string().min(1),
  files: z.array(z.object({ path: BuildFilePath, size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type BuildManifest = z.infer<typeof BuildManifestSchema>;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every regular file under `dir` as build paths (sorted); a link or anything else is refused. */
async function filesUnder(dir: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(rel: string) {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
      else throw new Error(`${child} in ${dir} is neither a file nor a folder`);
    }
  }
  await walk('');
  return found.sort();
}

/** The manifest of a finished build folder. */
export async function manifestOf(dir: string, contentVersion: string): Promise<BuildManifest> {
  const files = [];
  for (const p of await filesUnder(dir)) {
    const full = path.join(dir, p);
    files.push({ path: p, size: (await lstat(full)).size, sha256: await fileSha256(full) });
  }
  return { format: 1, contentVersion, files };
}

/** The manifest as uploaded; the row records the sha256 of exactly these bytes. */
export function manifestBytes(manifest: BuildManifest): Buffer {
  return Buffer.from(JSON.stringify(manifest));
}

/**
 * The build's prefix in the bucket: `<root>site-builds/<content version>-<files' digest>/`. The
 * same files give the same prefix, different files another, so nothing under a prefix is ever
 * overwritten with other bytes.
 */
export function publishedPrefix(root: string, manifest: BuildManifest): string {
  const version = /^[A-Za-z0-9_.-]{1,80}$/.test(manifest.contentVersion) ? manifest.contentVersion : sha256(manifest.contentVersion).slice(0, 16);
  const digest = sha256(manifest.files.map((f) => `${f.path}\t${f.size}\t${f.sha256}\n`).join('')).slice(0, 16);
  return `${root}site-builds/${version}-${digest}/`;
}

/** Reads a downloaded manifest: its bytes must hash to the row's checksum, then parse. */
export function readManifest(bytes: Buffer, expectedSha256: string): BuildManifest {
  if (sha256(bytes) !== expectedSha256) throw new Error('the manifest does not match the checksum recorded for the build');
  return BuildManifestSchema.parse(JSON.parse(bytes.toString('utf8')));
}

export function manifestSha256(bytes: Buffer): string {
  return sha256(bytes);
}

/** Whether a local folder holds exactly the manifest's files, each of its size and checksum; else why not. */
export async function verifyBuildDir(dir: string, manifest: BuildManifest): Promise<string | null> {
  const present = await filesUnder(dir).catch((err: Error) => err);
  if (present instanceof Error) return present.message;
  const expected = new Map(manifest.files.map((f) => [f.path, f]));
  const extra = present.filter((p) => !expected.has(p));
  if (extra.length) return `files the manifest does not list: ${extra.slice(0, 3).join(', ')}`;
  if (present.length !== expected.size) return `${expected.size - present.length} of the manifest's files are missing`;
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if ((await lstat(full)).size !== f.size || (await fileSha256(full)) !== f.sha256) return `${f.path} does not match its checksum`;
  }
  return null;
}

/** Empty settings are unset ones (compose passes `${VAR:-}` as ""). */
const unsetEmpty = (env: Record<string, string | undefined>) => Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));

const StorageEnvSchema = z
  .object({
    SITE_BUILDS_S3_BUCKET: z.string().trim().optional(),
    SITE_BUILDS_S3_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\/)*$/, 'SITE_BUILDS_S3_PREFIX must be folder names each ending with /').default(''),
    SITE_BUILDS_KEEP: z.coerce.number().int().min(1).max(100).default(DEFAULT_KEEP_PUBLISHED),
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ENDPOINT: z.url().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  })
  .refine((e) => Boolean(e.S3_ACCESS_KEY_ID) === Boolean(e.S3_SECRET_ACCESS_KEY), { message: 'set both access key settings (SITE_BUILDS_S3_ACCESS_KEY_ID and SITE_BUILDS_S3_SECRET_ACCESS_KEY, or MEDIA_S3_…), or neither' });

export type SiteBuildsStorage = {
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Prepended to `site-builds/…`, for a bucket shared with other things. */
  prefix: string;
  /** Published builds kept besides the live one. */
  keep: number;
};

/**
 * Where builds are published (README: SITE_BUILDS_S3_*), or null: the local builds folder, the
 * embedded default. A bucket of its own, never the media bucket's (media is public; a build holds
 * the whole content snapshot, gated bodies included); the connection (region, endpoint, keys, path
 * style) falls back to MEDIA_S3_*'s, so one S3-compatible server needs stating once.
 */
export function siteBuildsStorageFromEnv(env: Record<string, string | undefined>): SiteBuildsStorage | null {
  const e = unsetEmpty(env);
  const pick = (name: string) => e[`SITE_BUILDS_S3_${name}`] ?? e[`MEDIA_S3_${name}`];
  const parsed = StorageEnvSchema.safeParse({
    SITE_BUILDS_S3_BUCKET: e.SITE_BUILDS_S3_BUCKET,
    SITE_BUILDS_S3_PREFIX: e.SITE_BUILDS_S3_PREFIX,
    SITE_BUILDS_KEEP: e.SITE_BUILDS_KEEP,
    S3_REGION: pick('REGION'),
    S3_ENDPOINT: pick('ENDPOINT'),
    S3_ACCESS_KEY_ID: pick('ACCESS_KEY_ID'),
    S3_SECRET_ACCESS_KEY: pick('SECRET_ACCESS_KEY'),
    S3_FORCE_PATH_STYLE: pick('FORCE_PATH_STYLE'),
  });
  if (!parsed.success) throw new Error(`Invalid site builds configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const s = parsed.data;
  if (!s.SITE_BUILDS_S3_BUCKET) return null;
  return {
    bucket: s.SITE_BUILDS_S3_BUCKET,
    region: s.S3_REGION,
    endpoint: s.S3_ENDPOINT,
    // Other S3-compatible servers mostly need path-style addresses; AWS prefers virtual hosts.
    forcePathStyle: s.S3_FORCE_PATH_STYLE ? s.S3_FORCE_PATH_STYLE === 'true' : Boolean(s.S3_ENDPOINT),
    credentials: s.S3_ACCESS_KEY_ID ? { accessKeyId: s.S3_ACCESS_KEY_ID, secretAccessKey: s.S3_SECRET_ACCESS_KEY! } : undefined,
    prefix: s.SITE_BUILDS_S3_PREFIX,
    keep: s.SITE_BUILDS_KEEP,
  };
}

/** The local cache a site server keeps published builds in, inside its builds folder (never the API's own build folders). */
export const PUBLISHED_CACHE_FOLDER = 'published';
