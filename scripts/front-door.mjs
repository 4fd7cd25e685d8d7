// The front door's process, as `npm start` runs it (scripts/lib/stack.mjs): the one origin
// (DESIGN §2) for local runs. The door itself is packages/front-door — its table (edge-table.mjs)
// routes /api/* and /ws to the API, /cms/* and /_next/* to the CMS, /media/* to the uploaded files,
// everything else to the site, and guards the origin (other host names redirected to PUBLIC_URL,
// the internal secret dropped, /api/internal never routed, bodies limited by route, an
// X-Request-Id of its own on every request, slow connections closed, security headers on every
// answer). Here it is given this machine's services: the site served in-process from its live
// build (or `astro dev` proxied in dev mode) and the media read from disk or the bucket. In production
// Caddy does the same from the same table (deploy/Caddyfile).
//
// Env: PORT (3000), HOST (127.0.0.1), PUBLIC_URL, API_URL, API_SOCKET, INTERNAL_SECRET, SOCKET_HAND_OFF, CMS_URL, MEDIA_DIR or MEDIA_S3_*, SITE_BUILDS_DIR, SITE_DEV_URL;
// SITE_BUILDS_S3_* with DATABASE_URL: the site's builds come from the bucket (README).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { bucketMedia, createFrontDoorServer } from '@app/front-door';
import { mediaStorageFromEnv, socketHandOff } from '@app/shared/server';
import { createLiveSite, publishedBuildsFromEnv } from '@app/site/live-site';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${port}`);
const log = (msg, extra = {}) => console.log(JSON.stringify({ service: 'front-door', msg, ...extra }));

// The media files, from the bucket when MEDIA_S3_* is set, else from the folder. From disk in dev
// mode: files are looked up per request, so images uploaded after start are served too. Their
// Cache-Control and Content-Security-Policy are the edge table's.
const mediaStorage = mediaStorageFromEnv(env, path.join(root, '.data/media'));
const media = mediaStorage.kind === 's3' ? bucketMedia(mediaStorage, { log }) : localMedia(path.resolve(mediaStorage.dir));

function localMedia(dir) {
  mkdirSync(dir, { recursive: true });
  return sirv(dir, { dev: true, etag: true });
}

const site = env.SITE_DEV_URL
  ? null
  : await createLiveSite({ buildsDir: path.resolve(env.SITE_BUILDS_DIR ?? path.join(root, 'site/.builds')), log, https: publicUrl.protocol === 'https:', published: publishedBuildsFromEnv(env) });

// Under npm start (SOCKET_HAND_OFF=1, scripts/lib/stack.mjs) a chat socket's connection itself is
// sent to the API through the supervisor: its frames then go from the API to the member directly,
// not through a second connection and this process (issue 53 #4). The door has read the upgrade
// and set its headers; the API answers it.
function handOff(req, socket, head) {
  if (!process.connected) return false;
  process.send(socketHandOff(req, { address: socket.remoteAddress, encrypted: false }, head), socket, (err) => err && socket.destroy());
  return true;
}

const server = createFrontDoorServer({
  publicUrl,
  apiUrl: env.API_URL ?? 'http://127.0.0.1:3001',
  apiSocket: env.API_SOCKET || undefined,
  cmsUrl: env.CMS_URL ?? 'http://127.0.0.1:3002',
  media,
  site,
  siteDevUrl: env.SITE_DEV_URL,
  log,
  // The door keeps the API's public lists of the content generation in use (packages/front-door/src/shared-answers.mjs).
  internalSecret: env.INTERNAL_SECRET || undefined,
  handOff: env.SOCKET_HAND_OFF === '1' && process.send ? handOff : undefined,
});
server.listen(port, host, () => log('listening', { port }));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    site?.close();
    // From now on view beacons are relayed; those answered here and not yet sent on go to the API
    // before the process ends (beacon-batches.mjs).
    const sent = server.beacons?.close() ?? Promise.resolve();
    server.close(() => void sent.finally(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
