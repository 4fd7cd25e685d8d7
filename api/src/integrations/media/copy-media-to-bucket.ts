import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { mediaObjectKey, type MediaBucket } from '@app/shared/server';

/** Types by extension: what Payload and the avatar store write (the edge passes the object's type on). */
const TYPES: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif',
  '.svg': 'image/svg+xml', '.avif': 'image/avif', '.ico': 'image/x-icon',
};
const CONCURRENCY = 8;

export type CopyOutcome = { copied: number; copiedBytes: number; skipped: number };

/** A /media/ path as a folder holds it: no dot segment (dotfiles, `..`), nothing empty. */
const isMediaPath = (mediaPath: string) => mediaPath !== '' && !mediaPath.split('/').some((segment) => segment === '' || segment.startsWith('.'));

/** Runs `each` over `items`, CONCURRENCY at a time. */
async function inTurns<T>(items: T[], each: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await each(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

/** Every regular file below `dir`, as /media/ paths (posix, relative); dotfiles and links left out. */
async function mediaFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter(isMediaPath)
    .sort();
}

/**
 * The bucket's object for a key: its size and ETag, or null. A file is already there when the size
 * matches and the ETag is its MD5 (a multipart upload's ETag is no MD5: the size decides then).
 */
async function objectAt(s3: S3Client, bucket: string, key: string): Promise<{ size: number; etag: string } | null> {
  const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).catch((err: { $metadata?: { httpStatusCode?: number } }) => {
    if (err.$metadata?.httpStatusCode === 404) return null;
    throw err;
  });
  return head ? { size: head.ContentLength ?? -1, etag: (head.ETag ?? '').replaceAll('"', '') } : null;
}
const sameFile = (object: { size: number; etag: string }, body: Buffer) => object.size === body.length && (object.etag.includes('-') || object.etag === createHash('md5').update(body).digest('hex'));

/**
 * Copies a media folder into the bucket below its prefix, as the stores would have written it
 * (`npm run media:to-s3`, issue 50 #1). Safe to run again: a file the bucket already holds whole is
 * skipped, so a second run copies nothing. Nothing is deleted, on either side.
 */
export async function copyMediaToBucket(opts: { dir: string; bucket: MediaBucket; s3: S3Client; onCopied?: (mediaPath: string) => void }): Promise<CopyOutcome> {
  const files = await mediaFiles(opts.dir);
  const outcome: CopyOutcome = { copied: 0, copiedBytes: 0, skipped: 0 };
  await inTurns(files, async (mediaPath) => {
    const file = path.join(opts.dir, ...mediaPath.split('/'));
    const key = mediaObjectKey(opts.bucket, mediaPath);
    const object = await objectAt(opts.s3, opts.bucket.bucket, key);
    // Read whole (uploads are at most 20 MB): a plain PUT with its length, which every S3-compatible server takes.
    const body = await readFile(file);
    if (object && sameFile(object, body)) {
      outcome.skipped++;
      return;
    }
    await opts.s3.send(
      new PutObjectCommand({
        Bucket: opts.bucket.bucket,
        Key: key,
        Body: body,
        ContentType: TYPES[path.extname(mediaPath).toLowerCase()] ?? 'application/octet-stream',
        // Avatars have random names, never reused (the API's store writes them so).
        ...(mediaPath.startsWith('avatars/') ? { CacheControl: 'public, max-age=31536000, immutable' } : {}),
      }),
    );
    outcome.copied++;
    outcome.copiedBytes += body.length;
    opts.onCopied?.(mediaPath);
  });
  return outcome;
}

/**
 * The other way (`npm run backup` with MEDIA_S3_*): every object below the bucket's prefix into
 * `dir`, as the media folder would hold it (`{prefix}avatars/a.webp` → `dir/avatars/a.webp`). A key
 * that is no media path (a dot segment, an empty one: never written by the stores) is left out and
 * counted as skipped. `dir` is a fresh folder: files are written, none removed.
 */
export async function copyBucketToMedia(opts: { bucket: MediaBucket; s3: S3Client; dir: string }): Promise<CopyOutcome> {
  const outcome: CopyOutcome = { copied: 0, copiedBytes: 0, skipped: 0 };
  const keys = [...(await bucketKeys(opts.s3, opts.bucket))].sort();
  await inTurns(keys, async (key) => {
    const mediaPath = key.slice(opts.bucket.prefix.length);
    if (!isMediaPath(mediaPath)) {
      outcome.skipped++;
      return;
    }
    const object = await opts.s3.send(new GetObjectCommand({ Bucket: opts.bucket.bucket, Key: key }));
    const body = Buffer.from(await object.Body!.transformToByteArray());
    const file = path.join(opts.dir, ...mediaPath.split('/'));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, body);
    outcome.copied++;
    outcome.copiedBytes += body.length;
  });
  return outcome;
}

/** Every key the bucket holds below its prefix. */
export async function bucketKeys(s3: S3Client, bucket: MediaBucket): Promise<Set<string>> {
  const keys = new Set<string>();
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: bucket.prefix || undefined, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key) keys.add(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}
