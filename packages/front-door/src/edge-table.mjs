// The edge, stated once (issue 35): what both edges — the front door locally (this package) and
// Caddy in production (deploy/Caddyfile) — do with a request before a service sees it: where it
// goes, how large a body it may carry, which headers are taken off and which are set. The front
// door reads this table; caddyfile.test.mjs holds deploy/Caddyfile to it by sending the same
// requests through Caddy and through the front door, as scripts/lib/production-shape.test.mjs holds
// docker-compose.yml to deploy/shape.mjs.
//
// Paths are Caddy's path matchers (`/a`: that path; `/a/*`: everything below it), matched against
// the path lower-cased and cleaned (routing.mjs), as Caddy's matcher is.

const KB = 1024;
const MB = 1024 * KB;

/** Uploaded files (SVGs can carry script): shown as images, never run as documents. */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/**
 * Where requests go, in order: the first route one of whose paths matches takes the request; the
 * last, with no paths, takes the rest. `upstream` names the service (`media`: the uploaded files,
 * served from disk by the edge itself with `stripPrefix` taken off the path); `refuse` answers at
 * the edge; `responseHeaders` are set on every answer of the route.
 */
export const ROUTES = [
  // Service-to-service calls (the CMS's sign-on check, the start script): never through the public origin.
  { name: 'internal', paths: ['/api/internal', '/api/internal/*'], refuse: 404 },
  // The API, and its chat socket.
  { name: 'api', paths: ['/api', '/api/*', '/ws', '/ws/*'], upstream: 'api' },
  // The CMS: its admin and API, and Next's assets.
  { name: 'cms', paths: ['/cms', '/cms/*', '/_next/*'], upstream: 'cms' },
  {
    name: 'media',
    paths: ['/media/*'],
    upstream: 'media',
    stripPrefix: '/media',
    responseHeaders: { 'Cache-Control': 'public, max-age=86400', 'Content-Security-Policy': MEDIA_CONTENT_SECURITY_POLICY },
  },
  // The site server sets each page's Content-Security-Policy (hashes of its inline scripts).
  { name: 'site', paths: null, upstream: 'site' },
];

/**
 * Request bodies, in order: the first class a request matches sets its limit; the last matches
 * everything. A declared length over the limit is refused before the body is read; a chunked body
 * is cut off where it passes it. `tooLarge` is the refusal's sentence: it names the limit a sender
 * can act on (for the import and uploads, what the service behind takes, a little under the edge's).
 */
export const BODY_LIMITS = [
  {
    // An admin's site archive (issue 40: a whole blog with its pictures), a little above the API's
    // 200 MB, so the API answers with its own message; it streams to disk there, never whole in memory.
    name: 'article-import',
    methods: ['POST'],
    paths: ['/api/admin/articles/upload'],
    bytes: 201 * MB,
    tooLarge: 'The file is too large: an import takes at most 200 MB.',
  },
  {
    // Uploads, a little above what the service behind accepts, so that service answers with its own
    // message: CMS media (Payload's 20 MB) and avatars (5 MB in the API).
    name: 'upload',
    methods: ['POST', 'PATCH'],
    paths: ['/api/profile/avatar', '/cms/api/media', '/cms/api/media/*'],
    bytes: 21 * MB,
    tooLarge: 'The file is too large: an upload takes at most 20 MB.',
  },
  {
    // An article saved from the editor: its whole body as Lexical JSON, about three times the
    // Markdown (a 2 MB post, the import's cap, is some 6 MB), so long posts save as they import.
    name: 'cms-documents',
    methods: ['POST', 'PATCH'],
    paths: ['/cms/api/articles', '/cms/api/articles/*', '/cms/api/backyard-articles', '/cms/api/backyard-articles/*'],
    bytes: 16 * MB,
    tooLarge: 'The article is too large to save: at most 16 MB.',
  },
  // The CMS admin's server functions carry a document's whole form state (its body too): the
  // limit Next is given for them (cms/next.config.mjs), as for the documents themselves.
  { name: 'cms-admin', methods: null, paths: ['/cms/admin', '/cms/admin/*'], bytes: 16 * MB, tooLarge: 'The request body is too large: at most 16 MB.' },
  // JSON and form bodies: nothing the site, the API or the CMS accepts comes near this.
  { name: 'other', methods: null, paths: null, bytes: 512 * KB, tooLarge: 'The request body is too large: at most 0.5 MB.' },
];

/** Where the edge's own refusals (a body too large) are JSON in the API's error shape; plain text elsewhere. */
export const JSON_ERROR_PATHS = ['/api', '/api/*', '/cms/api/*'];

/** Request headers the edge removes, whatever the visitor sent: only our services present the internal secret. */
export const STRIPPED_REQUEST_HEADERS = ['X-Internal-Secret'];

/** Request headers the edge sets on every request (a fresh id, the only one the API believes). */
export const MINTED_REQUEST_HEADERS = ['X-Request-Id'];

/** Whether a path matcher matches a path, as Caddy's does: `/a/*` is a prefix (`/a/` and below, not `/a`), `/a` exact. */
export function pathMatches(pattern, path) {
  return pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern;
}

const matchesAny = (patterns, path) => {
  for (const pattern of patterns) if (pathMatches(pattern, path)) return true;
  return false;
};

/** The route that takes a request for `path`. */
export function routeOf(path) {
  for (const route of ROUTES) if (!route.paths || matchesAny(route.paths, path)) return route;
  throw new Error('the edge table has no catch-all route');
}

/** The body-limit class of a request: the first whose methods and paths both match. */
export function bodyLimitClass(method, path) {
  return BODY_LIMITS.find((c) => (!c.methods || c.methods.includes(method)) && (!c.paths || matchesAny(c.paths, path)));
}

/** Whether the edge's own refusals on `path` are JSON. */
export const jsonErrors = (path) => matchesAny(JSON_ERROR_PATHS, path);
