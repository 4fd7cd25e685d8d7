// A warm site builder (issue 36: publish-to-live). The deploy pipeline (api/src/integrations/
// site-builder.ts) starts this once and sends it one build at a time over IPC; Astro, Vite and the
// site's integrations stay loaded between builds, which saves a cold `astro build` its first three
// seconds. Each build reloads the site's config and source (astro's build() does), and reads its
// content snapshot and output folder from the message, as `astro build` reads them from the
// environment. Astro's output goes to stdout and stderr, the outcome to the parent:
// `{ id, ok: true, rss }` or `{ id, ok: false, error }`.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Job = { id: number; outDir: string; contentFile: string };

const siteDir = path.resolve(import.meta.dirname, '..');
const astro = (await import(pathToFileURL(createRequire(path.join(siteDir, 'package.json')).resolve('astro')).href)) as { build: (config: { root: string }) => Promise<void> };
// The packages the site's config imports (the adapter, the integrations, Vite's plugins) and Vite,
// loaded ahead: a fresh worker's first build then does not load and compile them (measured on the
// demo content: ~2.7 of ~13 CPU seconds, for ~13 MB more while it waits), when the worker is
// started ahead of a build (at the API's start). A worker exits after a quiet spell
// (api/src/integrations/site-build-worker.ts), and the next publish starts a fresh one. Only bare
// specifiers; one that will not load is left to the build to report.
const configImports = [...readFileSync(path.join(siteDir, 'astro.config.mjs'), 'utf8').matchAll(/^import [^;]*? from '([^.'][^']*)';$/gm)].map((m) => m[1]!);
for (const specifier of [...configImports, 'vite']) {
  try {
    await import(import.meta.resolve(specifier));
  } catch {}
}

let queue: Promise<void> = Promise.resolve();
process.on('message', (job: Job) => {
  queue = queue.then(async () => {
    process.env.SITE_OUT_DIR = job.outDir;
    process.env.SITE_CONTENT_FILE = job.contentFile;
    try {
      await astro.build({ root: siteDir });
      process.send!({ id: job.id, ok: true, rss: process.memoryUsage().rss });
    } catch (err) {
      process.send!({ id: job.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
});
// The parent gone, nothing is left to build for.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
