import type { Response } from 'express';

/** A response about this member (or for admins): never kept by a browser or a proxy cache. */
export function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'private, no-store');
}
