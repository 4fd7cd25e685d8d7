// Caddy, the production edge (deploy/Caddyfile): Debian's package, installed the way .ci/run
// installs Chromium when it is missing. The production shape runs it; caddyfile.test.mjs holds the
// Caddyfile to the edge's table through it.
import { execFileSync, spawnSync } from 'node:child_process';

/** Makes sure `caddy` is on PATH, installing Debian's package when running as root with apt. */
export function ensureCaddy(log = console.log) {
  if (spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error('The production shape needs Caddy: install Debian\'s package (apt-get install caddy) or put `caddy` on PATH.');
  }
  log('installing Caddy from Debian');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'caddy'], { env, stdio: 'ignore' });
}

/**
 * What deploy/Caddyfile needs to read /media/* from the media bucket: MEDIA_S3_PUBLIC_URL split into
 * its upstream (scheme://host:port) and its path with MEDIA_S3_PREFIX, the object of `/media/{path}`
 * being `{MEDIA_S3_UPSTREAM}{MEDIA_S3_PATH}/{path}` — the same address the front door reads
 * (@app/shared's mediaObjectUrl). All empty without the bucket: Caddy serves MEDIA_ROOT.
 */
export function caddyMediaEnv(env) {
  const bucket = env.MEDIA_S3_BUCKET?.trim() ?? '';
  if (!bucket || !env.MEDIA_S3_PUBLIC_URL) return { MEDIA_S3_BUCKET: '', MEDIA_S3_UPSTREAM: '', MEDIA_S3_PATH: '' };
  const url = new URL(env.MEDIA_S3_PUBLIC_URL);
  const objects = `${url.pathname.replace(/\/+$/, '')}/${env.MEDIA_S3_PREFIX ?? ''}`.replace(/\/+$/, '');
  return { MEDIA_S3_BUCKET: bucket, MEDIA_S3_UPSTREAM: `${url.protocol}//${url.host}`, MEDIA_S3_PATH: objects };
}
