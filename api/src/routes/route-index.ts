// The API's routers, looked up by a path's first segment. Express tries every route of every
// router in turn until one matches: a read near the end of the list (an article) spent a quarter of
// its time matching the routes before it. Here each first segment ("articles", "user", "admin")
// gets the routers that have a route under it, in their order, so a request meets only those.
import express, { type RequestHandler, type Router } from 'express';

/** A router, optionally mounted under a prefix (`['/admin', router]`). */
export type Mount = Router | [prefix: string, router: Router];

type Layer = { route?: { path?: unknown } };

/** A route path's first segment in lower case, or null when it is not a plain word (a parameter, a pattern, none). */
export function routeFirstSegment(routePath: string): string | null {
  const first = routePath.split('/')[1] ?? '';
  return first === '' || /[^\w.-]/.test(first) ? null : first.toLowerCase();
}

/** A request path's first segment in lower case (Express matches paths case-insensitively). */
export function requestFirstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/** The first segments a router answers under, or null when it may answer any path (a middleware, a parameter first). */
function firstSegments(router: Router): Set<string> | null {
  const segments = new Set<string>();
  for (const layer of (router as unknown as { stack: Layer[] }).stack) {
    const path = layer.route?.path;
    const first = typeof path === 'string' ? routeFirstSegment(path) : null;
    if (first === null) return null;
    segments.add(first);
  }
  return segments;
}

/** One handler for `mounts`, entering only the routers that can answer the request's first segment. */
export function routeIndex(mounts: Mount[]): RequestHandler {
  const entries = mounts.map((mount) => {
    const [prefix, router] = Array.isArray(mount) ? mount : [null, mount];
    const segments = prefix === null ? firstSegments(router) : new Set([prefix.split('/')[1]!.toLowerCase()]);
    return { prefix, router, segments };
  });
  /** The routers for a segment (null: those answering any path; undefined: all of them). */
  const chain = (segment: string | null | undefined) => {
    const r = express.Router();
    for (const { prefix, router, segments } of entries) {
      if (segment !== undefined && segments !== null && (segment === null || !segments.has(segment))) continue;
      if (prefix === null) r.use(router);
      else r.use(prefix, router);
    }
    return r;
  };
  const bySegment = new Map<string, Router>();
  for (const { segments } of entries) for (const segment of segments ?? []) if (!bySegment.has(segment)) bySegment.set(segment, chain(segment));
  // Routers that may answer anything.
  const rest = chain(null);
  const handler: RequestHandler = (req, res, next) => (bySegment.get(requestFirstSegment(req.path)) ?? rest)(req, res, next);
  // Whoever reads the app's routes (the fuzz tests list them) sees every router, as if mounted in a row.
  return Object.assign(handler, { stack: chain(undefined).stack });
}
