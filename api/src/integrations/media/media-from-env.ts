import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createLocalMediaStore } from './local-media-store.ts';
import type { MediaStore } from '../../domain/ports/media-store.ts';
import { createS3MediaStore } from './s3-media-store.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The media settings (README: MEDIA_DIR, MEDIA_S3_*). Setting MEDIA_S3_BUCKET switches to S3 and then needs MEDIA_S3_PUBLIC_URL. */
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
    MEDIA_S3_PREFIX: z.string().regex(/^([A-Za-z0-9_-]+\/)*$/, 'MEDIA_S3_PREFIX must be folder names each ending with /').default(''),
  })
  .refine((e) => !e.MEDIA_S3_BUCKET || e.MEDIA_S3_PUBLIC_URL, { message: 'MEDIA_S3_PUBLIC_URL is required with MEDIA_S3_BUCKET (where browsers load the pictures from)', path: ['MEDIA_S3_PUBLIC_URL'] })
  .refine((e) => Boolean(e.MEDIA_S3_ACCESS_KEY_ID) === Boolean(e.MEDIA_S3_SECRET_ACCESS_KEY), { message: 'set both MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY, or neither', path: ['MEDIA_S3_SECRET_ACCESS_KEY'] });

/**
 * The media store the environment asks for (DESIGN §5): S3-compatible storage when MEDIA_S3_BUCKET
 * is set, else local disk under MEDIA_DIR (default .data/media, served at /media by the front door).
 */
export function mediaStoreFromEnv(env: NodeJS.ProcessEnv, publicUrl: string): MediaStore {
  // An empty setting is an unset one (compose passes `${MEDIA_S3_BUCKET:-}` as "").
  const parsed = MediaEnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) throw new Error(`Invalid API configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const e = parsed.data;
  if (!e.MEDIA_S3_BUCKET) return createLocalMediaStore({ dir: e.MEDIA_DIR ?? path.join(repoRoot, '.data/media'), publicUrl });
  return createS3MediaStore({
    bucket: e.MEDIA_S3_BUCKET,
    region: e.MEDIA_S3_REGION,
    endpoint: e.MEDIA_S3_ENDPOINT,
    // Other S3-compatible servers mostly need path-style addresses; AWS prefers virtual hosts.
    forcePathStyle: e.MEDIA_S3_FORCE_PATH_STYLE ? e.MEDIA_S3_FORCE_PATH_STYLE === 'true' : Boolean(e.MEDIA_S3_ENDPOINT),
    credentials: e.MEDIA_S3_ACCESS_KEY_ID ? { accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY! } : undefined,
    publicUrl: e.MEDIA_S3_PUBLIC_URL!,
    prefix: e.MEDIA_S3_PREFIX,
  });
}
