import type { Endpoint } from '@app/shared/browser';

/** An endpoint's path inside the /api router (its path without `/api`). */
export function routeOf(endpoint: Endpoint): string {
  if (!endpoint.path.startsWith('/api/')) throw new Error(`${endpoint.path} is not under /api`);
  return endpoint.path.slice('/api'.length);
}
