import { BACKYARD_PATH, BACKYARD_TIER } from './backyard.ts';
import type { Tier } from './tiers.ts';

/** Who may open which page (spec 01 §2 route table). The API enforces the same for its calls. */
export type Guard = { kind: 'login' } | { kind: 'admin' } | { kind: 'tier'; tier: Tier };

const LOGIN_PATHS = ['/checkout', '/chat', '/profile', '/subscribe', '/subscribe-success', '/favorites', '/watch-later', '/orders', '/notifications'];

export function guardFor(pathname: string): Guard | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/admin' || path.startsWith('/admin/')) return { kind: 'admin' };
  if (path.startsWith(BACKYARD_PATH + '/') && !path.slice(BACKYARD_PATH.length + 1).includes('/')) return { kind: 'tier', tier: BACKYARD_TIER };
  if (LOGIN_PATHS.some((p) => path === p || path.startsWith(p + '/'))) return { kind: 'login' };
  return null;
}
