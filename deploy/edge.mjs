// The edge, stated once (issue 35): what both edges — the front door locally (scripts/front-door.mjs)
// and Caddy in production (deploy/Caddyfile) — do with a request before it reaches a service. The
// front door reads this table; scripts/lib/caddyfile.test.mjs holds the Caddyfile to it through
// `caddy adapt`, as scripts/lib/production-shape.test.mjs holds docker-compose.yml to deploy/shape.mjs.

const KB = 1024;
const MB = 1024 * KB;

/**
 * Request bodies, in order: the first class a request matches sets its limit; the last matches
 * everything. Paths are Caddy's path matchers (a trailing `/*`: everything below).
 */
export const BODY_LIMITS = [
  {
    // Uploads, a little above what the service behind accepts, so that service answers with its own
    // message: the article ZIP (multer's 20 MB), CMS media (Payload's 20 MB) and avatars (5 MB in the API).
    name: 'upload',
    methods: ['POST', 'PATCH'],
    paths: ['/api/admin/articles/upload', '/api/profile/avatar', '/cms/api/media', '/cms/api/media/*'],
    bytes: 21 * MB,
  },
  // The CMS admin's server actions carry a document's whole form state: Next's own limit for them.
  { name: 'cms-admin', methods: null, paths: ['/cms/admin', '/cms/admin/*'], bytes: 1 * MB },
  // JSON and form bodies: nothing the site, the API or the CMS accepts comes near this.
  { name: 'other', methods: null, paths: null, bytes: 512 * KB },
];

/** Paths no visitor may reach (service-to-service calls): 404 at the edge. */
export const REFUSED_PATHS = ['/api/internal', '/api/internal/*'];

/** Request headers the edge removes, whatever the visitor sent: only our services present the internal secret. */
export const STRIPPED_REQUEST_HEADERS = ['X-Internal-Secret'];

/** Request headers the edge sets on every request (a fresh id, the only one the API believes). */
export const MINTED_REQUEST_HEADERS = ['X-Request-Id'];

/** Whether a Caddy-style path matcher (`/a`, `/a/*`) matches a path. */
export function pathMatches(pattern, path) {
  return pattern.endsWith('/*') ? path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

/** The body-limit class of a request: the first whose methods and paths both match. */
export function bodyLimitClass(method, path) {
  return BODY_LIMITS.find((c) => (!c.methods || c.methods.includes(method)) && (!c.paths || c.paths.some((p) => pathMatches(p, path))));
}
