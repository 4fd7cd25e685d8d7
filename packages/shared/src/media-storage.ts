// Where every file the site serves lives (DESIGN §3, §5; README: MEDIA_DIR, MEDIA_S3_*): the
// settings read once, here, by the API (avatars), the CMS (its Media collection through
// @payloadcms/storage-s3), the front door (/media/* from disk or from the bucket) and the
// `media:to-s3` command. The bucket below MEDIA_S3_PREFIX holds exactly what MEDIA_DIR holds —
// the CMS's files at its root, avatars under avatars/ — so /media/{path} names the same file in
// both places, and moving a folder into the bucket changes no stored address.
import { z } from 'zod';

const PREFIX = /^([A-Za-z0-9_-]+\/)*$/;

const MediaEnvSchema = z
  .object({
    MEDIA_DIR: z.string().optional(),
    MEDIA_S3_BUCKET: z.string().trim().optional(),
    MEDIA_S3_REGION: z.string().trim().default('us-east-1'),
    MEDIA_S3_ENDPOINT: z.url().optional(),
    MEDIA_S3_ACCESS_KEY_ID: z.string().optional(),
    MEDIA_S3_SECRET_ACCESS_KEY: z.string().optional(),
    MEDIA_S3_PUBLIC_URL: z.url().optional(),
    MEDIA_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
    MEDIA_S3_PREFIX: z.string().regex(PREFIX, 'MEDIA_S3_PREFIX must be folder names each ending with /').default(''),
  })
  .refine((e) => !e.MEDIA_S3_BUCKET || e.MEDIA_S3_PUBLIC_URL, { message: 'MEDIA_S3_PUBLIC_URL is required with MEDIA_S3_BUCKET (where the edge reads the pictures from)', path: ['MEDIA_S3_PUBLIC_URL'] })
  .refine((e) => Boolean(e.MEDIA_S3_ACCESS_KEY_ID) === Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY), { message: 'set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither', path: ['MEDIA_S3_SECRET_ACCESS_KEY'] });

export type MediaBucket = {
  bucket: string;
  region: string;
  /** Another S3-compatible server (MinIO, R2, Ceph RGW, s3rver…); unset: AWS. */
  endpoint?: string;
  /** Path-style addresses (endpoint/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Unset: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where the bucket's objects are read from over HTTP (its public address, or a CDN's); no trailing slash. */
  publicUrl: string;
  /** Before every key ("" or folder names each ending with /), for a bucket shared with other things. */
  prefix: string;
};

/** Local disk (the embedded default) or an S3-compatible bucket. */
export type MediaStorage = { kind: 'local'; dir: string } | ({ kind: 's3' } & MediaBucket);

/**
 * The media storage the environment asks for: the bucket when MEDIA_S3_BUCKET is set (it then
 * needs MEDIA_S3_PUBLIC_URL), else MEDIA_DIR or `defaultDir`. An empty setting is an unset one
 * (compose passes `${MEDIA_S3_BUCKET:-}` as ""). Half a configuration throws, naming what is wrong.
 */
export function mediaStorageFromEnv(env: Record<string, string | undefined>, defaultDir: string): MediaStorage {
  const parsed = MediaEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== '')));
  if (!parsed.success) throw new Error(`Invalid media configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const e = parsed.data;
  if (!e.MEDIA_S3_BUCKET) return { kind: 'local', dir: e.MEDIA_DIR ?? defaultDir };
  return {
    kind: 's3',
    bucket: e.MEDIA_S3_BUCKET,
    region: e.MEDIA_S3_REGION,
    endpoint: e.MEDIA_S3_ENDPOINT,
    // Other S3-compatible servers mostly need path-style addresses; AWS prefers virtual hosts.
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ? e.MEDIA_S3_FORCE_PATH_STYLE === 'true' : Boolean(e.MEDIA_S3_ENDPOINT),
    credentials: e.MEDIA_S3_ACCESS_KEY_ID ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY! } : undefined,
    publicUrl: e.MEDIA_S3_PUBLIC_URL!.replace(/\/+$/, ''),
    prefix: e.MEDIA_S3_PREFIX,
  };
}

/** The bucket's key for a file at /media/{path} (a path below MEDIA_DIR). */
export const mediaObjectKey = (bucket: Pick<MediaBucket, 'prefix'>, mediaPath: string): string => bucket.prefix + mediaPath;

/** Where the edge reads the file at /media/{path} from: the object's public address. `mediaPath` is as the request spelled it (already percent-encoded). */
export const mediaObjectUrl = (bucket: Pick<MediaBucket, 'prefix' | 'publicUrl'>, mediaPath: string): string => `${bucket.publicUrl}/${mediaObjectKey(bucket, mediaPath)}`;
