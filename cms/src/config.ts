// Every environment variable the CMS reads, in one typed place (like api/src/config.ts). The
// README lists the same set. `next build` compiles without the secrets (a Docker build has none),
// so the required values are checked when the CMS runs, not while it is built.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mediaStorageFromEnv, type MediaStorage } from '@app/shared/server';

const env = process.env;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function required(name: string): string {
  const value = env[name];
  if (!value && env.NEXT_PHASE !== 'phase-production-build') throw new Error(`Invalid CMS configuration: ${name} is required (scripts/start.mjs sets it locally).`);
  return value ?? '';
}

/** Read when used (tests and scripts set the environment before they start Payload). */
export const cmsConfig = {
  get databaseUrl() {
    return required('DATABASE_URL');
  },
  get payloadSecret() {
    return required('PAYLOAD_SECRET');
  },
  /** Our services present it; the CMS takes it only on its private address (`privateUrl`). */
  get internalSecret() {
    return env.INTERNAL_SECRET || null;
  },
  get privateUrl() {
    return env.CMS_URL || null;
  },
  /** The API's private address: the CMS asks it whose site session a request carries (single sign-on). */
  get apiUrl() {
    return env.API_URL || null;
  },
  /** The one public origin: Payload's own links and its cookie's CSRF allowlist. */
  get publicUrl() {
    return (env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
  },
  /** The session cookie is Secure when the public origin is https (the API's rule for the site's cookie). */
  get secureCookies() {
    return this.publicUrl.startsWith('https:');
  },
  /** Uploaded images; the front door serves the same folder at /media (same default). */
  get mediaDir() {
    return path.resolve(env.MEDIA_DIR ?? path.join(repoRoot, '.data/media'));
  },
  /** Where uploaded images live: the disk (mediaDir) or the S3-compatible bucket of MEDIA_S3_*, read as the API reads them. */
  get mediaStorage(): MediaStorage {
    return mediaStorageFromEnv(env, this.mediaDir);
  },
  /**
   * The first CMS admin; with CMS_ADMIN_TOTP_SECRET (base32) their authenticator is set up with it
   * (the demo's published secret, a test stack's own), else they set one up at their first sign-in.
   */
  get firstAdmin() {
    return env.CMS_ADMIN_EMAIL && env.CMS_ADMIN_PASSWORD ? { email: env.CMS_ADMIN_EMAIL, password: env.CMS_ADMIN_PASSWORD, totpSecret: env.CMS_ADMIN_TOTP_SECRET || null } : null;
  },
  get seedDemoContent() {
    return env.SEED_DEMO_CONTENT === 'true';
  },
};
