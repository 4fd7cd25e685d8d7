// The one origin (DESIGN §2) for local runs: /api/* and /ws → API, /cms/* and /_next/* → CMS,
// /media/* → uploaded files straight from disk, everything else → the site (served in-process
// from the live build, or proxied to `astro dev` in dev mode). In production the reverse proxy
// in docker-compose.yml does the same routing.
//
// It also guards the origin: requests for any other host name are redirected to PUBLIC_URL (the
// path only), the internal secret header is dropped from every incoming request, /api/internal is
// never routed (whatever its spelling), request bodies are limited by route, every request gets an
// X-Request-Id of the door's own (a visitor's is replaced), connections that never finish a request
// or sit idle are closed (lib/front-door-timeouts.mjs), and every response carries the security
// headers. The handling is in lib/front-door-server.mjs.
//
// Env: PORT (3000), HOST (127.0.0.1), PUBLIC_URL, API_URL, API_SOCKET, CMS_URL, MEDIA_DIR, SITE_BUILDS_DIR, SITE_DEV_URL.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { createLiveSite } from '../site/server/live-site.ts';
import { createFrontDoorServer } from './lib/front-door-server.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${port}`);
const log = (msg, extra = {}) => console.log(JSON.stringify({ service: 'front-door', msg, ...extra }));

const mediaDir = path.resolve(env.MEDIA_DIR ?? path.join(root, '.data/media'));
mkdirSync(mediaDir, { recursive: true });
// dev mode: look files up per request, so images uploaded after start are served too.
const media = sirv(mediaDir, {
  dev: true,
  etag: true,
  setHeaders: (res) => res.setHeader('Cache-Control', 'public, max-age=86400'),
});

const site = env.SITE_DEV_URL
  ? null
  : await createLiveSite({ buildsDir: path.resolve(env.SITE_BUILDS_DIR ?? path.join(root, 'site/.builds')), log, https: publicUrl.protocol === 'https:' });

const server = createFrontDoorServer({
  publicUrl,
  apiUrl: env.API_URL ?? 'http://127.0.0.1:3001',
  apiSocket: env.API_SOCKET || undefined,
  cmsUrl: env.CMS_URL ?? 'http://127.0.0.1:3002',
  media,
  site,
  siteDevUrl: env.SITE_DEV_URL,
  log,
});
server.listen(port, host, () => log('listening', { port }));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    site?.close();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
