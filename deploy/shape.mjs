// The production shape, stated once. docker-compose.yml runs it with Docker; `npm run
// start:production-shape` (scripts/lib/production-shape.mjs) runs it on one machine from this
// description; scripts/lib/production-shape.test.mjs fails when docker-compose.yml drifts from it.

/** API instances behind Caddy (`API_INSTANCES` overrides it locally, `deploy.replicas` in compose). */
export const API_INSTANCES = 2;

/** Restarts allowed before a crashing service is given up on: compose `restart: on-failure:5`, the local supervisor's policy. */
export const MAX_RESTARTS = 5;

/** The Compose project name: the API replicas are `better-self-api-1`, `better-self-api-2`, … on its network. */
export const PROJECT = 'better-self';

/** S3-compatible media storage (README): CMS uploads and their sizes, avatars, imported pictures; unset or empty, they stay on the media volume. */
export const MEDIA_S3_ENV = ['MEDIA_S3_BUCKET', 'MEDIA_S3_REGION', 'MEDIA_S3_ENDPOINT', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY', 'MEDIA_S3_PUBLIC_URL', 'MEDIA_S3_FORCE_PATH_STYLE', 'MEDIA_S3_PREFIX'];

/**
 * Static builds published to a bucket (README; several hosts): the API instance that builds
 * uploads, every site server fetches. Unset or empty, builds stay in the builds folder (one host).
 */
export const SITE_BUILDS_S3_ENV = ['SITE_BUILDS_S3_BUCKET', 'SITE_BUILDS_S3_REGION', 'SITE_BUILDS_S3_ENDPOINT', 'SITE_BUILDS_S3_ACCESS_KEY_ID', 'SITE_BUILDS_S3_SECRET_ACCESS_KEY', 'SITE_BUILDS_S3_FORCE_PATH_STYLE', 'SITE_BUILDS_S3_PREFIX'];

/**
 * The node flags every launch of the API carries (issue 50 #5), stated once: `serviceCommand`
 * (production shape, multi-host hosts), the local stack (`npm start`, `npm run dev`) and
 * bench/memory.mjs read this list; api/Dockerfile's CMD and api/package.json's start and dev
 * spell it out, and scripts/lib/production-shape.test.mjs holds them to it. A V8 flag must be
 * here, not in NODE_OPTIONS (Node refuses `--optimize-for-size` there). Empty: measured in
 * docs/decisions.md, "Memory (issue 50 #5), fourth pass", `--optimize-for-size` halves the API's
 * idle RSS but about doubles the CPU of its start and content reloads and costs 24–54% more CPU
 * per request (two runs at 1,000 articles) — not taken.
 * @type {string[]}
 */
export const API_NODE_FLAGS = [];

/**
 * The node flags every launch of the site server carries, the local front door's too (it serves
 * the site in its process): a young generation of 4 MB a semi-space (V8's default is 16), for the
 * process and its page threads (site/server/page-renderer.ts; a thread inherits them). Each build
 * gets a thread of its own, and what a thread's heap and the main one's took stays with the process
 * for reuse once they are done: over its first five builds the site server's RSS rose 177 → 304 MB
 * with the default and 159 → 205 with this, then stayed (bench/build-swaps.mjs; docs/decisions.md,
 * session 45). Stated once like API_NODE_FLAGS: `serviceCommand`, the local stack, site/Dockerfile's
 * CMD and site/package.json's start (the test holds them to it).
 * @type {string[]}
 */
export const SITE_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * glibc's malloc settings the API's process runs with (issue 50 #5): one arena, blocks of 64 KB and
 * more mapped on their own (given back when freed), the heap's top trimmed above 128 KB — the memory
 * a content reload or an import used goes back to the system instead of staying in malloc's arenas.
 * Measured at 1,000 articles (docs/decisions.md, "Memory (issue 50 #5), fourth pass"): idle RSS
 * 285 → 197 MB, as low as --optimize-for-size, for CPU per request within the noise. Given by the
 * same launches as API_NODE_FLAGS (the local stack, the production shape, each multi-host host) and
 * api/Dockerfile's ENV (the test holds it to this); the API's children (the site build worker)
 * inherit it.
 */
export const API_PROCESS_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '131072' };

/**
 * The same settings for the site server (and the local front door, which serves the site in its
 * process): it loads each new build's files and compresses them, and starts a page thread per build
 * (site/server/page-renderer.ts), each of which would otherwise leave an arena of its own behind.
 * Measured with 30 builds published in a row (docs/decisions.md, session 45): the door's RSS went
 * 239 → ~400 MB without them, 189 → ~285 MB with them. Given by the same launches and site/Dockerfile's ENV.
 */
export const SITE_PROCESS_ENV = API_PROCESS_ENV;

/**
 * Our services: the port each listens on in its container, the URL its health check reads, and
 * the environment it is given (names only; the values are the deployment's).
 */
export const SERVICES = {
  cms: {
    port: 3002,
    health: '/cms/api/categories?limit=1',
    // Its Media collection writes to the bucket when MEDIA_S3_* is set (the same settings as the API's avatars).
    env: ['NODE_ENV', 'DATABASE_URL', 'PAYLOAD_SECRET', 'INTERNAL_SECRET', 'PUBLIC_URL', 'CMS_URL', 'API_URL', 'MEDIA_DIR', 'CMS_ADMIN_EMAIL', 'CMS_ADMIN_PASSWORD', 'CMS_ADMIN_TOTP_SECRET', ...MEDIA_S3_ENV],
  },
  api: {
    port: 3001,
    health: '/api/health',
    env: ['NODE_ENV', 'DATABASE_URL', 'PAYLOAD_SECRET', 'INTERNAL_SECRET', 'PUBLIC_URL', 'CMS_URL', 'API_URL', 'MEDIA_DIR', 'CMS_ADMIN_EMAIL', 'CMS_ADMIN_PASSWORD', 'CMS_ADMIN_TOTP_SECRET', 'API_HOST', 'API_PORT', 'SITE_DIR', 'SITE_BUILDS_DIR', 'TRUST_PROXY', 'SMTP_URL', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'ADMIN_EMAIL', 'REGISTER_LIMIT_PER_HOUR', 'REGISTER_DOMAIN_BURST', ...MEDIA_S3_ENV, ...SITE_BUILDS_S3_ENV, 'SITE_BUILDS_KEEP'],
  },
  site: {
    port: 4321,
    // 503 "starting" until it holds the live build: the edge sends it no traffic before (deploy/Caddyfile).
    health: '/api/ready',
    // The pages' img-src names the media bucket's origin when avatars live in S3. With published
    // builds it hears of them through PostgreSQL and fetches them from the bucket (no shared folder).
    env: ['SITE_PORT', 'SITE_BUILDS_DIR', 'API_URL', 'PUBLIC_URL', 'MEDIA_S3_PUBLIC_URL', 'DATABASE_URL', ...SITE_BUILDS_S3_ENV],
  },
};

/**
 * Caddy's settings (deploy/Caddyfile reads them; unset ones default to the compose addresses). With
 * the media bucket it reads /media/* from MEDIA_S3_UPSTREAM + MEDIA_S3_PATH (MEDIA_S3_PUBLIC_URL split, README).
 */
export const PROXY_ENV = ['SITE_ADDRESS', 'PUBLIC_URL', 'API_UPSTREAMS', 'TRUSTED_PROXIES', 'MEDIA_S3_BUCKET', 'MEDIA_S3_UPSTREAM', 'MEDIA_S3_PATH'];

/** The health check command of a service's container (the images have Node, not curl). */
export function healthCheckCommand(name) {
  const { port, health } = SERVICES[name];
  return `node -e "fetch('http://127.0.0.1:${port}${health}').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"`;
}

/** The API upstreams Caddy balances across in compose: one per replica. */
export function composeApiUpstreams(instances = API_INSTANCES) {
  return Array.from({ length: instances }, (_, i) => `${PROJECT}-api-${i + 1}:${SERVICES.api.port}`).join(' ');
}
