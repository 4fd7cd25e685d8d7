import type { RequestHandler, Router } from 'express';
import { AppError } from '../lib/app-error.ts';
import { accessOf } from './access.ts';
import { requestFirstSegment, routeFirstSegment, type Mount } from './route-index.ts';
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
  // The rules by method, then by their path's first segment (as routes/route-index.ts looks up
  // routers), so a request is tested against the few rules that could match it instead of all of
  // them. A rule whose first segment is a parameter (or not a plain word) is tested for every path.
  const byMethod = new Map<string, { bySegment: Map<string, RegExp[]>; anySegment: RegExp[] }>();
  for (const rule of rules) {
    let forMethod = byMethod.get(rule.method);
    if (!forMethod) byMethod.set(rule.method, (forMethod = { bySegment: new Map(), anySegment: [] }));
    const first = routeFirstSegment(rule.path);
    const pattern = toPattern(rule.path);
    if (first === null) forMethod.anySegment.push(pattern);
    else forMethod.bySegment.set(first, [...(forMethod.bySegment.get(first) ?? []), pattern]);
  }
  const needsSession = (method: string, path: string) => {
    const forMethod = byMethod.get(method);
    if (!forMethod) return false;
    // The patterns match case-insensitively, and an ASCII letter only ever matches an ASCII letter.
    for (const pattern of forMethod.bySegment.get(requestFirstSegment(path)) ?? []) if (pattern.test(path)) return true;
    for (const pattern of forMethod.anySegment) if (pattern.test(path)) return true;
    return false;
  };
  const gate: RequestHandler = (req, _res, next) => {
    if (!needsSession(req.method, req.path)) return next();
    session(req).then(
      (found) => next(found ? undefined : new AppError('unauthorized', 'Please sign in to continue.')),
      next,
    );
  };
  return Object.assign(gate, { rules });
}
