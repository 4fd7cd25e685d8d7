// Serves the current site build and swaps to a newer one without dropping requests.
// A build folder holds Astro's output (client/ static files, server/entry.mjs in middleware
// mode). `<buildsDir>/current` names the live build; the deploy pipeline replaces it with an
// atomic rename and this module notices within half a second. Requests already running finish
// on the build they started with; new requests get the new one.
import { existsSync, readFileSync, unwatchFile, watchFile } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonSecurityHeaders, inlineScriptHashes, pageContentSecurityPolicy } from './security-headers.mjs';
import { loadStaticFiles, serveStatic } from './static-files.mjs';

async function loadBuild(dir, baseHeaders) {
  const { handler } = await import(pathToFileURL(path.join(dir, 'server/entry.mjs')).href);
  const clientDir = path.join(dir, 'client');
  const files = await loadStaticFiles(clientDir);
  // One policy per build: the hashes of every inline script its pages carry. Pages rendered on
  // demand use the same layout and islands, so the same hashes cover them.
  const hashes = new Set();
  for (const file of new Set(files.values())) if (file.type.startsWith('text/html')) for (const h of inlineScriptHashes(file.body.toString('utf8'))) hashes.add(h);
  const headers = Object.entries({ ...baseHeaders, 'Content-Security-Policy': pageContentSecurityPolicy(hashes) });
  const notFoundPage = files.get('/404.html');
  const notFound = (req, res) => {
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' || !notFoundPage ? undefined : notFoundPage.body);
  };
  return {
    dir,
    handle(req, res) {
      for (const [name, value] of headers) res.setHeader(name, value);
      if (!serveStatic(files, req, res)) handler(req, res, () => notFound(req, res));
    },
  };
}

function currentDir(buildsDir, fallbackDir) {
  const pointer = path.join(buildsDir, 'current');
  if (existsSync(pointer)) {
    const id = readFileSync(pointer, 'utf8').trim();
    const dir = path.join(buildsDir, id);
    if (/^b\d+$/.test(id) && existsSync(path.join(dir, 'server/entry.mjs'))) return dir;
  }
  if (fallbackDir && existsSync(path.join(fallbackDir, 'server/entry.mjs'))) return fallbackDir;
  return null;
}

/**
 * @param {{ buildsDir: string, fallbackDir?: string, log?: (msg: string) => void, https?: boolean }} opts
 */
export async function createLiveSite({ buildsDir, fallbackDir, log = () => {}, https = false }) {
  const baseHeaders = commonSecurityHeaders({ https });
  let live = null;
  let loading = null;
  let failedDir = null;
  const pointer = path.join(buildsDir, 'current');

  // One load at a time: a pointer change seen during a load is picked up when it finishes.
  function refresh() {
    if (loading) return loading;
    const dir = currentDir(buildsDir, fallbackDir);
    if (!dir || dir === live?.dir || dir === failedDir) return Promise.resolve();
    loading = loadBuild(dir, baseHeaders)
      .then((build) => {
        live = build;
        log(`serving site build ${path.basename(dir)}`);
      })
      .catch((err) => {
        failedDir = dir;
        log(`could not load site build ${dir}: ${err.message}`);
      })
      .finally(() => {
        loading = null;
        void refresh();
      });
    return loading;
  }

  await refresh();
  watchFile(pointer, { interval: 500 }, () => void refresh());

  return {
    handle(req, res) {
      if (!live) {
        for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
        res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' });
        return res.end('The site is being built. Please try again in a few seconds.');
      }
      live.handle(req, res);
    },
    close() {
      unwatchFile(pointer);
    },
  };
}
