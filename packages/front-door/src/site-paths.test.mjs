import { isSiteOwnPath } from '@app/shared/browser';
import { describe, expect, it } from 'vitest';
import { ROUTES } from './edge-table.mjs';

// Issue 47 #5: an imported article's old address may never be a path the edges send elsewhere
// than the site (it could never answer there). The shared list of such paths is held to this table.
describe('the site’s own paths and the edge table', () => {
  it('count every path the edges send to another service, or refuse', () => {
    const elsewhere = ROUTES.filter((r) => r.upstream !== 'site').flatMap((r) => r.paths ?? []);
    expect(elsewhere.length).toBeGreaterThan(0);
    for (const pattern of elsewhere) {
      // `/a/*` is everything below `/a`: a path below it stands for it.
      const sample = pattern.endsWith('/*') ? `${pattern.slice(0, -2)}/anything` : pattern;
      expect(isSiteOwnPath(sample), pattern).toBe(true);
    }
  });
});
