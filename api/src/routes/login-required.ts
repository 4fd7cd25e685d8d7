import type { RequestHandler, Router } from 'express';
import { AppError } from '../lib/app-error.ts';
import { accessOf } from './access.ts';
import type { Mount } from './route-index.ts';
import type { SessionReader } from './session-cookie.ts';

type RouteLayer = { route?: { path?: unknown; methods?: Record<string, boolean>; stack?: { handle: unknown }[] } };
export type SignInRule = { method: string; path: string };

const toPattern = (path: string) => new RegExp(`^${path.replace(/:[a-zA-Z]+/g, '[^/]+')}/?$`, 'i');

/**
 * The routes of `mounts` that need a signed-in caller, read from each route's own declaration
 * (routes/access.ts). Throws for a route that declares nothing: the API does not start with one.
 */
export function signInRules(mounts: Mount[]): SignInRule[] {
  const rules: SignInRule[] = [];
  for (const mount of mounts) {
    const [prefix, router]: [string, Router] = Array.isArray(mount) ? mount : ['', mount];
    for (const layer of (router as unknown as { stack: RouteLayer[] }).stack) {
      const route = layer.route;
      if (!route || typeof route.path !== 'string') continue;
      const path = `${prefix}${route.path}`;
      const methods = Object.keys(route.methods ?? {}).filter((m) => route.methods![m]).map((m) => m.toUpperCase());
      const access = accessOf(route.stack?.[0]?.handle);
      if (!access) throw new Error(`${methods.join('/')} /api${path} does not say who may call it: begin its handlers with \`anyone\` or \`signedIn\` (routes/access.ts).`);
      if (access === 'signed-in') for (const method of methods) rules.push({ method, path });
    }
  }
  return rules;
}

/**
 * Refuses visitors on the routes that declare `signedIn` with 401, before any body parser runs:
 * who may call is decided before what they sent is read, and the body is never parsed for them.
 */
export function loginRequired(session: SessionReader, mounts: Mount[]): RequestHandler & { rules: SignInRule[] } {
  const rules = signInRules(mounts);
  // Read once, the declarations have said all they have to say: they leave the routes, so no
  // request pays for a handler that only calls next().
  for (const mount of mounts) {
    const router = Array.isArray(mount) ? mount[1] : mount;
    for (const layer of (router as unknown as { stack: RouteLayer[] }).stack) {
      const stack = layer.route?.stack;
      if (stack && stack.length > 1 && accessOf(stack[0]?.handle)) stack.shift();
    }
  }
  const patterns = rules.map((r) => ({ method: r.method, pattern: toPattern(r.path) }));
  const gate: RequestHandler = (req, _res, next) => {
    if (!patterns.some((r) => r.method === req.method && r.pattern.test(req.path))) return next();
    session(req).then(
      (found) => next(found ? undefined : new AppError('unauthorized', 'Please sign in to continue.')),
      next,
    );
  };
  return Object.assign(gate, { rules });
}
