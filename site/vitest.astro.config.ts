// Tests that render Astro pages (`test/**/*.astro.test.ts`: never under src/pages, where a .ts file is a route): the site's own Vite setup through Astro, in
// Node. The settings module reads a snapshot at startup; each test file writes its own content.
import { fileURLToPath } from 'node:url';
import { getViteConfig } from 'astro/config';
import { demoRecords, removeSnapshot, writeSnapshot } from './test/pages/content-snapshot.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
const snapshot = writeSnapshot(demoRecords());
process.once('exit', () => removeSnapshot(snapshot));

// A test's first import of a page compiles the page's modules through Vite: seconds on a busy machine
// (CI runs the type check, lint and the CMS's build beside it), past Vitest's default 5 s.
export default getViteConfig({ root, test: { name: 'site-astro', environment: 'node', include: ['test/**/*.astro.test.ts'], testTimeout: 30_000 } } as Parameters<typeof getViteConfig>[0], { root });
