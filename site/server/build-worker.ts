// A warm site builder (issue 36: publish-to-live). The deploy pipeline (api/src/integrations/
// site-builder.ts) starts this once and sends it one build at a time over IPC; Astro, Vite and the
// site's integrations stay loaded between builds, which saves a cold `astro build` its first three
// seconds. Each full build reloads the site's config and source (astro's build() does), and reads
// its content snapshot and output folder from the message, as `astro build` reads them from the
// environment. Astro's output goes to stdout and stderr, the outcome to the parent:
// `{ id, ok: true, rss, kind }` or `{ id, ok: false, error }`.
//
// A content build (issue 53 #6). The bundles do not depend on the content, nor on the site settings:
// pages read the snapshot, and the middleware its settings (lib/site-settings.ts), as they render.
// So after a full build this worker keeps that build's prerendering app (its page modules loaded)
// and, for the next snapshot, copies the last build it made but its pages, and renders the pages
// again with Astro's own page generation and the integrations' closing hooks (the sitemap): about a
// second instead of three Vite builds' five or six. The pages are the same bytes a full build writes
// (server/build-worker.test.ts). A failed content build, a missing last build or changed source make
// a full build.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Job = { id: number; outDir: string; contentFile: string };

const siteDir = path.resolve(import.meta.dirname, '..');
const astroDir = path.dirname(createRequire(path.join(siteDir, 'package.json')).resolve('astro/package.json'));
const astroModule = <T>(file: string) => import(pathToFileURL(path.join(astroDir, file)).href) as Promise<T>;
const astro = await astroModule<{ build: (config: { root: string; integrations: AstroIntegration[] }) => Promise<void> }>('dist/index.js');

// Astro's page generation and its closing hooks are not public API: they are the same modules
// `astro build` runs (the same file URLs, so the same instances), as of the version the lock file
// pins. A content build that finds them changed fails, and the next build is a full one.
type RouteData = { route: string; component: string; distURL?: URL[] };
type BuildOptions = { settings: { config: { outDir: URL; build: { client: URL; server: URL } }; prerenderer?: unknown }; allPages: Record<string, { route: RouteData }>; pageNames: string[]; logger: unknown };
type Prerenderer = { name: string; setup?(): Promise<void>; getStaticPaths(): Promise<unknown[]>; render(request: Request, options: unknown): Promise<unknown>; teardown?(): Promise<void>; app?: PrerenderApp };
type PrerenderApp = { manifest: { routes: { routeData: RouteData }[]; pageMap?: Map<string, () => Promise<{ page?: () => Promise<unknown> }>> }; routeCache: { clearAll(): void }; getOptions(): BuildOptions };
type AstroIntegration = { name: string; hooks: Record<string, (params: never) => unknown> };
const { generatePages } = await astroModule<{ generatePages(options: BuildOptions, internals: { pagesByKeys: Map<string, unknown> }, prerenderOutputDir: URL): Promise<void> }>('dist/core/build/generate.js');
const { runHookBuildDone } = await astroModule<{ runHookBuildDone(params: { settings: BuildOptions['settings']; pages: string[]; routes: RouteData[]; logger: unknown }): Promise<void> }>('dist/integrations/hooks.js');

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

/**
 * The source the bundles are built from, as names, sizes and modification times: the site's own, its
 * public files and the shared package its pages import. A change there (a developer's edit under
 * `npm start`, whose code is always "local") makes the next build a full one. A deploy brings new
 * code to a new folder, and a new worker.
 */
async function sourceFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const visit = async (target: string): Promise<void> => {
    const info = await stat(target).catch(() => null);
    if (!info) return;
    if (!info.isDirectory()) return void hash.update(`${target}\0${info.size}\0${info.mtimeMs}\n`);
    for (const entry of (await readdir(target)).sort()) await visit(path.join(target, entry));
  };
  for (const part of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) await visit(path.join(siteDir, part));
  await visit(path.join(siteDir, '../packages/shared/src'));
  return hash.digest('hex');
}

/** What a full build leaves for content builds: its prerendering app, and the last build's folder and pages. */
type Kept = { source: string; prerenderer: Prerenderer; app: PrerenderApp; pagesByKeys: Map<string, unknown>; lastOut: string; pageFiles: Set<string> };
let kept: Kept | null = null;

/** A full `astro build`, keeping its prerendering app (every page module loaded) for content builds. */
async function fullBuild(job: Job, source: string): Promise<void> {
  kept = null;
  let prerenderer: Prerenderer | null = null;
  let pagesByKeys: Map<string, unknown> | null = null;
  const keep: AstroIntegration = {
    name: 'app-content-builds',
    hooks: {
      // Astro leaves the prerender bundle's entry to an integration that brings its own prerenderer:
      // this one renders as Astro's own does, so the entry is Astro's.
      'astro:build:setup': ({ pages, updateConfig }: { pages: Map<string, unknown>; updateConfig(config: object): void }) => {
        pagesByKeys = pages;
        updateConfig({ environments: { prerender: { build: { rolldownOptions: { input: 'astro/entrypoints/prerender' } } } } });
      },
      'astro:build:start': ({ setPrerenderer }: { setPrerenderer(p: (fallback: Prerenderer) => Prerenderer): void }) =>
        setPrerenderer((astros) => {
          let ready = false;
          prerenderer = {
            name: 'app:kept',
            async setup() {
              if (!ready) await astros.setup?.();
              ready = true;
            },
            getStaticPaths: () => astros.getStaticPaths(),
            render: (request, options) => astros.render(request, options),
            // Astro removes the prerender bundle after this build: every page module is loaded first,
            // for the content builds to render from memory.
            async teardown() {
              for (const load of astros.app!.manifest.pageMap?.values() ?? []) await (await load()).page?.();
              await astros.teardown?.();
            },
            get app() {
              return astros.app;
            },
          };
          return prerenderer;
        }),
    },
  };
  await astro.build({ root: siteDir, integrations: [keep] });
  const app = (prerenderer as Prerenderer | null)?.app;
  if (prerenderer && app && pagesByKeys) {
    kept = { source, prerenderer, app, pagesByKeys, lastOut: job.outDir, pageFiles: pageFilesOf(app.getOptions(), job.outDir) };
  }
}

/** The files a build's page generation and closing hooks wrote, relative to its folder. */
function pageFilesOf(options: BuildOptions, outDir: string): Set<string> {
  const files = new Set<string>();
  for (const { route } of Object.values(options.allPages)) for (const url of route.distURL ?? []) files.add(path.relative(outDir, fileURLToPath(url)));
  return files;
}

/** Files the sitemap integration writes at the end of every build, which a content build writes again. */
const SITEMAP_FILE = /^client\/sitemap-[\w-]+\.xml$/;

/** The last build's folder but its pages, then the pages rendered again from the snapshot: no Vite build. */
async function contentBuild(job: Job, k: Kept): Promise<void> {
  const options = k.app.getOptions();
  await cp(k.lastOut, job.outDir, {
    recursive: true,
    filter: (from) => {
      const rel = path.relative(k.lastOut, from);
      return !k.pageFiles.has(rel) && !SITEMAP_FILE.test(rel) && rel !== 'content.json';
    },
  });
  // The same options, pointed at the new folder; what the last generation recorded, cleared.
  const { config } = options.settings;
  const moved = (url: URL) => new URL(url.href.replace(config.outDir.href, pathToFileURL(`${job.outDir}/`).href));
  config.build.client = moved(config.build.client);
  config.build.server = moved(config.build.server);
  config.outDir = pathToFileURL(`${job.outDir}/`);
  options.pageNames.length = 0;
  for (const { route } of Object.values(options.allPages)) delete route.distURL;
  for (const { routeData } of k.app.manifest.routes) delete routeData.distURL;
  k.app.routeCache.clearAll();
  options.settings.prerenderer = k.prerenderer;
  console.log(`content build: the pages of ${path.basename(k.lastOut)}'s bundles, from the new snapshot`);
  await generatePages(options, { pagesByKeys: k.pagesByKeys }, new URL('./.prerender/', config.build.server));
  await runHookBuildDone({ settings: options.settings, pages: options.pageNames, routes: Object.values(options.allPages).map((p) => p.route), logger: options.logger });
  k.pageFiles = pageFilesOf(options, job.outDir);
  k.lastOut = job.outDir;
}

let queue: Promise<void> = Promise.resolve();
process.on('message', (job: Job) => {
  queue = queue.then(async () => {
    process.env.SITE_OUT_DIR = job.outDir;
    process.env.SITE_CONTENT_FILE = job.contentFile;
    try {
      let kind: 'content' | 'full' = 'full';
      const source = await sourceFingerprint();
      // The last build's folder goes when it fails its health check, and when it is pruned.
      if (kept && source === kept.source && existsSync(kept.lastOut)) {
        try {
          await contentBuild(job, kept);
          kind = 'content';
        } catch (err) {
          console.error(`content build failed, building in full: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
          await rm(job.outDir, { recursive: true, force: true });
        }
      }
      if (kind === 'full') await fullBuild(job, source);
      process.send!({ id: job.id, ok: true, rss: process.memoryUsage().rss, kind });
    } catch (err) {
      kept = null;
      process.send!({ id: job.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    }
  });
});
// The parent gone, nothing is left to build for.
process.on('disconnect', () => process.exit(0));
process.send!({ ready: true });
