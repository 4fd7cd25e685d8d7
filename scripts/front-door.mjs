// The one origin (DESIGN §2) for local runs: /api/* and /ws → API, /cms/* and /_next/* → CMS,
// /media/* → uploaded files straight from disk, everything else → the site (served in-process
// from the live build, or proxied to `astro dev` in dev mode). In production the reverse proxy
// in docker-compose.yml does the same routing.
//
// It also guards the origin: requests for any other host name are redirected to PUBLIC_URL,
// the internal secret header is dropped from every incoming request, /api/internal is never
// routed (whatever its spelling), and every response carries the security headers.
//
// Env: PORT (3000), HOST (127.0.0.1), PUBLIC_URL, API_URL, CMS_URL, MEDIA_DIR, SITE_BUILDS_DIR, SITE_DEV_URL.
import { mkdirSync } from 'node:fs';
import { Agent, createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProxyServer } from 'http-proxy-3';
import sirv from 'sirv';
import { createLiveSite } from '../site/server/live-site.ts';
import { commonSecurityHeaders, MEDIA_CONTENT_SECURITY_POLICY } from '../site/server/security-headers.ts';
import { redactUrl } from '../packages/shared/src/log-redaction.ts';
import { routingPath } from './lib/front-door-routing.mjs';

const root = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const env = process.env;
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const apiUrl = env.API_URL ?? 'http://127.0.0.1:3001';
const cmsUrl = env.CMS_URL ?? 'http://127.0.0.1:3002';
const publicUrl = new URL(env.PUBLIC_URL ?? `http://localhost:${port}`);
const securityHeaders = Object.entries(commonSecurityHeaders({ https: publicUrl.protocol === 'https:' }));
const log = (msg, extra = {}) => console.log(JSON.stringify({ service: 'front-door', msg, ...extra }));

// Keep-alive to the upstreams: a new TCP connection per request costs more than the request.
const proxy = createProxyServer({ xfwd: true, proxyTimeout: 120_000, agent: new Agent({ keepAlive: true, maxSockets: 256 }) });
proxy.on('error', (err, req, res) => {
  log('upstream unavailable', { url: redactUrl(req.url), err: err.message });
  if (res && 'writeHead' in res && !res.headersSent) {
    const isApi = req.url?.startsWith('/api');
    res.writeHead(502, { 'Content-Type': isApi ? 'application/json' : 'text/plain; charset=utf-8' });
    res.end(isApi ? JSON.stringify({ message: 'The service is temporarily unavailable. Please try again shortly.' }) : 'Service temporarily unavailable');
  } else if (res && 'destroy' in res) {
    res.destroy();
  }
});

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

const startsWith = (path, prefix) => path === prefix || path.startsWith(prefix + '/');

/** Requests for another host name of this machine go to the public address (Ghost does the same). */
function foreignHost(req) {
  return (req.headers.host ?? '').toLowerCase() !== publicUrl.host;
}

function guard(req) {
  // Only our services, calling each other directly, may present the internal secret.
  delete req.headers['x-internal-secret'];
  return routingPath(req.url ?? '/');
}

const server = createServer((req, res) => {
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  if (foreignHost(req)) {
    res.writeHead(308, { Location: new URL(req.url ?? '/', publicUrl).toString() });
    return res.end();
  }
  const path = guard(req);
  if (path === null) {
    // Dot segments and NUL never name anything; answered in the API's error shape, whatever the path.
    res.writeHead(400, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ message: 'The address is not valid.', code: 'bad_request' }));
  }
  if (startsWith(path, '/api/internal')) {
    // Service-to-service only; never reachable through the public origin.
    res.writeHead(404, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ message: 'Not found' }));
  }
  if (startsWith(path, '/api')) return proxy.web(req, res, { target: apiUrl });
  if (startsWith(path, '/cms') || path.startsWith('/_next/')) return proxy.web(req, res, { target: cmsUrl });
  if (path.startsWith('/media/')) {
    req.url = req.url.slice('/media'.length);
    res.setHeader('Content-Security-Policy', MEDIA_CONTENT_SECURITY_POLICY);
    return media(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Not found');
    });
  }
  if (site) return site.handle(req, res);
  return proxy.web(req, res, { target: env.SITE_DEV_URL });
});

server.on('upgrade', (req, socket, head) => {
  const path = foreignHost(req) ? null : guard(req);
  if (path === null) return socket.destroy();
  if (startsWith(path, '/ws')) return proxy.ws(req, socket, head, { target: apiUrl });
  if (env.SITE_DEV_URL) return proxy.ws(req, socket, head, { target: env.SITE_DEV_URL });
  if (path.startsWith('/_next/') || startsWith(path, '/cms')) return proxy.ws(req, socket, head, { target: cmsUrl });
  socket.destroy();
});

server.keepAliveTimeout = 65_000;
server.listen(port, host, () => log('listening', { port }));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    site?.close();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
