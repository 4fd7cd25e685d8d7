// The site on its own (production containers run this behind the reverse proxy).
// Env: SITE_PORT (default 4321), SITE_HOST, SITE_BUILDS_DIR (default site/.builds), PUBLIC_URL (https → HSTS);
// with SITE_BUILDS_S3_BUCKET, DATABASE_URL too: the live build is fetched from the bucket (README).
import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLiveSite, publishedBuildsFromEnv } from './live-site.ts';

const siteDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const site = await createLiveSite({
  buildsDir: path.resolve(process.env.SITE_BUILDS_DIR ?? path.join(siteDir, '.builds')),
  fallbackDir: path.join(siteDir, 'dist'),
  published: publishedBuildsFromEnv(process.env),
  log: (m) => console.log(JSON.stringify({ service: 'site', msg: m })),
  https: (process.env.PUBLIC_URL ?? '').startsWith('https:'),
});
const port = Number(process.env.SITE_PORT ?? 4321);
const server = createServer((req, res) => site.handle(req, res));
server.listen(port, process.env.SITE_HOST ?? '0.0.0.0', () => console.log(JSON.stringify({ service: 'site', msg: `listening on ${port}` })));
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    site.close();
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
