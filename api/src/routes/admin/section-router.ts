import { ADMIN_SECTIONS, type AdminSectionId, type AnswerOf, type Endpoint } from '@app/shared/browser';
import { Router, type RequestHandler } from 'express';
import { requirePermission } from '../../domain/accounts/permissions.ts';
import { signedIn } from '../access.ts';
import { routeOf } from '../endpoint-route.ts';
import type { UserReader } from '../session-cookie.ts';

type Api<S extends AdminSectionId> = (typeof ADMIN_SECTIONS)[S]['api'];
/** Registers one of the section's calls by its name: its handlers answer with the endpoint's type. */
export type SectionRoute<S extends AdminSectionId> = <N extends keyof Api<S> & string>(name: N, ...handlers: RequestHandler<Record<string, string>, AnswerOf<Api<S>[N]>>[]) => void;

/**
 * One admin section's router (ADMIN_SECTIONS in @app/shared): `define` registers each of the
 * section's calls by name, and every one of them needs a session and the section's power before
 * its handlers run (the use cases check again: they serve every caller). A call left without a
 * route stops the API from starting, as a route without an access declaration does.
 */
export function sectionRouter<S extends AdminSectionId>(id: S, readUser: UserReader, define: (route: SectionRoute<S>) => void): Router {
  const section = ADMIN_SECTIONS[id];
  const api: Readonly<Record<string, Endpoint>> = section.api;
  const router = Router();
  const power: RequestHandler = async (req, _res, next) => {
    requirePermission(await readUser(req), section.power);
    next();
  };
  const answered = new Set<string>();
  define((name, ...handlers) => {
    const endpoint = api[name];
    if (!endpoint) throw new Error(`The ${id} section has no call named ${name}`);
    answered.add(name);
    const path = routeOf(endpoint);
    switch (endpoint.method) {
      case 'GET': return void router.get(path, signedIn, power, ...handlers);
      case 'POST': return void router.post(path, signedIn, power, ...handlers);
      case 'PUT': return void router.put(path, signedIn, power, ...handlers);
      case 'DELETE': return void router.delete(path, signedIn, power, ...handlers);
    }
  });
  const missing = Object.keys(api).filter((name) => !answered.has(name));
  if (missing.length > 0) throw new Error(`The ${id} section’s router does not answer ${missing.join(', ')} (ADMIN_SECTIONS in @app/shared).`);
  return router;
}
