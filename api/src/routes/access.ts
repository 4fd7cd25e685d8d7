import type { NextFunction, Request, Response } from 'express';

/**
 * Who may call a route, declared where the route is defined, as its first handler:
 * `r.post('/bulletin', signedIn, …)`. loginRequired reads these declarations from the routers and
 * refuses visitors before any body is parsed; a route without one stops the API from starting
 * (and so every test), so no route can be added without saying who may call it. A declaration
 * says only whether a session is needed: roles, tiers and ownership are the use case's (`can`).
 */
const declarations = new Map<unknown, Access>();

export type Access = 'anyone' | 'signed-in';

/** Generic in the route's parameters, so the route's own handler keeps its typed `req.params`. */
type Declaration = <P>(req: Request<P>, res: Response, next: NextFunction) => void;

function declare(access: Access): Declaration {
  const handler: Declaration = (_req, _res, next) => next();
  declarations.set(handler, access);
  return handler;
}

/** Visitors too (what they get is still decided by the use case). */
export const anyone = declare('anyone');
/** Signed-in callers only: a visitor gets 401 whatever they sent. */
export const signedIn = declare('signed-in');

/** The declaration a route's first handler makes, or null when it makes none. */
export function accessOf(handler: unknown): Access | null {
  return declarations.get(handler) ?? null;
}
