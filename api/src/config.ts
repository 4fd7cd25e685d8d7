import { z } from 'zod';

/** Every environment variable the API reads; the README lists the same set. */
const EnvSchema = z.object({
  NODE_ENV: z.string().default('development'),
  API_PORT: z.coerce.number().int().default(3001),
  API_HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().min(1, 'DATABASE_URL is required (scripts/start.mjs sets it for the embedded database)'),
  CMS_URL: z.string().default('http://127.0.0.1:3002'),
  INTERNAL_SECRET: z.string().min(16, 'INTERNAL_SECRET must be at least 16 characters'),
  LOG_LEVEL: z.string().default('info'),
  SITE_DIR: z.string().optional(),
  SITE_BUILDS_DIR: z.string().optional(),
  REBUILD_DEBOUNCE_MS: z.coerce.number().int().min(0).default(3000),
});

export type Config = {
  env: string;
  port: number;
  host: string;
  databaseUrl: string;
  cmsUrl: string;
  internalSecret: string;
  logLevel: string;
  siteDir: string | undefined;
  siteBuildsDir: string | undefined;
  rebuildDebounceMs: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid API configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.API_PORT,
    host: e.API_HOST,
    databaseUrl: e.DATABASE_URL,
    cmsUrl: e.CMS_URL.replace(/\/$/, ''),
    internalSecret: e.INTERNAL_SECRET,
    logLevel: e.LOG_LEVEL,
    siteDir: e.SITE_DIR,
    siteBuildsDir: e.SITE_BUILDS_DIR,
    rebuildDebounceMs: e.REBUILD_DEBOUNCE_MS,
  };
}
