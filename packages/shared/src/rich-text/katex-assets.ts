// Where KaTeX's stylesheet and fonts are on disk (this package depends on katex), for the site's
// build to serve them from our own origin (site/src/integrations/katex-assets.mjs). Server-only.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** KaTeX's dist folder (katex.min.css, fonts/) and its version. */
export function katexDist(): { dir: string; version: string } {
  const dir = path.dirname(require.resolve('katex/dist/katex.min.css'));
  return { dir, version: (require('katex/package.json') as { version: string }).version };
}
