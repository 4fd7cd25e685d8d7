// One site build, loaded to answer requests: its files held in memory (static-files.ts), its
// pages rendered on demand by its own server entry in a thread of its own (page-renderer.ts), its
// old addresses (issue 47) and its content security policy. The live site (live-site.ts) swaps
// between these; the deploy's health check (preview-build.ts) serves one before it goes live, so
// this module imports only what that needs (no bucket client, no PostgreSQL: a check starts a
// process for it).
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lookUpOldAddress } from '@app/shared/old-addresses';
import { type PageRenderer, startPageRenderer } from './page-renderer.ts';
import { inlineScriptHashes, pageContentSecurityPolicy } from './security-headers.ts';
import { loadStaticFiles, serveStatic, type StaticFile, type StaticFiles } from './static-files.ts';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;
export type Build = {
  dir: string;
  handle: Handler;
  answerStatic: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Whether the build has a page or file at the path (`/articles/12`). */
  hasPage(pathname: string): boolean;
  /** Called once a newer build is live: its page thread ends when the requests it took are answered (`ended`). */
  retire(): void;
  ended: Promise<void>;
};

type LoadOptions = { compress?: boolean; log?: (msg: string) => void };

/** `compress: false`: no encoded variants (the deploy's health check serves a build only to ask it three pages). */
export async function loadBuild(dir: string, baseHeaders: Record<string, string>, options: LoadOptions = {}): Promise<Build> {
  // The page thread starts while the build's files are read and hashed: on a loaded machine each
  // takes seconds, and the build goes live once both are ready. The thread needs only the build's
  // site settings, which its pages rendered on demand get in locals of each request's own (the
  // middleware shows them and adds the member).
  const [pages, files] = await Promise.allSettled([readSiteSettings(dir).then((settings) => startPageRenderer(pathToFileURL(path.join(dir, 'server/entry.mjs')).href, settings, options.log)), loadBuildFiles(dir, baseHeaders, options)]);
  if (pages.status === 'rejected') throw pages.reason;
  if (files.status === 'rejected') {
    pages.value.retire();
    throw files.reason;
  }
  return servedBuild(dir, files.value, pages.value);
}

/** What a build answers from its files: the files, the headers of everything else, the 404 and 410 pages and the old addresses. */
type BuildFiles = { files: StaticFiles; headers: [string, string][]; framedByThisOrigin: [string, string][]; notFoundPage?: StaticFile; gonePage?: StaticFile; oldAddresses: OldAddresses };

async function loadBuildFiles(dir: string, baseHeaders: Record<string, string>, options: LoadOptions): Promise<BuildFiles> {
  // The build's policy: the hashes of every inline script its pages carry. Pages rendered on
  // demand use the same layout and islands, so the same hashes cover them. A page of the build is
  // answered with a policy of its own instead, the hashes of its own inline scripts (narrower; an
  // article's header is some 400 bytes shorter): the site has no client-side router, so a page
  // never runs another page's scripts. Each page's scripts are hashed once; pages with the same
  // scripts share one policy string.
  let buildHeaders: Record<string, string> = baseHeaders;
  const hashes = new Set<string>();
  const hashesOf = new Map<Buffer, string[]>();
  const policies = new Map<string, string>();
  const policyOf = (own: string[]) => {
    const key = own.join(' ');
    let policy = policies.get(key);
    if (policy === undefined) policies.set(key, (policy = pageContentSecurityPolicy(own)));
    return policy;
  };
  const { files } = await loadStaticFiles(
    path.join(dir, 'client'),
    (pages) => {
      for (const page of pages) {
        const own = [...inlineScriptHashes(page.toString('utf8'))].sort();
        hashesOf.set(page, own);
        for (const h of own) hashes.add(h);
      }
      buildHeaders = { ...baseHeaders, 'Content-Security-Policy': pageContentSecurityPolicy(hashes) };
      return buildHeaders;
    },
    { ...options, pageHeaders: (page) => ({ 'Content-Security-Policy': policyOf(hashesOf.get(page) ?? []) }) },
  );
  const headers = Object.entries(buildHeaders);
  const framedByThisOrigin: [string, string][] = [
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Content-Security-Policy', pageContentSecurityPolicy(hashes, process.env, { frameAncestors: "'self'" })],
  ];
  const notFoundPage = files.get('/404.html');
  // The page for a deleted article's old address; a build made before it had one answers with the 404 page.
  const gonePage = files.get('/410.html') ?? notFoundPage;
  const oldAddresses = readOldAddresses(files.get('/old-addresses.json')?.body);
  return { files, headers, framedByThisOrigin, notFoundPage, gonePage, oldAddresses };
}

function servedBuild(dir: string, { files, headers, framedByThisOrigin, notFoundPage, gonePage, oldAddresses }: BuildFiles, pages: PageRenderer): Build {
  const notFound: Handler = (req, res) => {
    if (answerOldAddress(oldAddresses, req, res, gonePage?.body)) return;
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' || !notFoundPage ? undefined : notFoundPage.body);
  };
  return {
    dir,
    // A file of the build, answered as it is kept (nothing else looked at); false when the request is
    // not one (or is an old address's with a query, which handle answers first). Called with nothing
    // set on the response (the front door's hot path), so a 200's head may be its answer's kept one.
    answerStatic(req, res) {
      if (oldAddresses.withQuery && req.url?.includes('?')) return false;
      return serveStatic(files, req, res, { untouched: true });
    },
    hasPage: (pathname) => files.has(pathname),
    // Static answers carry the build's headers already; everything else gets them here.
    handle(req, res) {
      // An old address with a query (WordPress's `/?p=123`) is asked for before the page at its path,
      // in its exact form only: `/about?ref=feed` is the About page, whatever old address `/about` was (issue 47 #5).
      if (oldAddresses.withQuery && req.url?.includes('?') && answerOldAddress(oldAddresses, req, res, gonePage?.body, { exact: true, extraHeaders: headers })) return;
      if (serveStatic(files, req, res)) return;
      for (const [name, value] of headers) res.setHeader(name, value);
      // A preview link's page may be framed by this origin (the CMS's live preview), by nothing else.
      if (req.url?.startsWith('/preview/')) for (const [name, value] of framedByThisOrigin) res.setHeader(name, value);
      // Every answer gets its status's own reason phrase: the page thread's (Astro sends a page's
      // `statusText`, "404 OK" for a page that set only its status) is not relayed.
      pages.render(req, res, () => notFound(req, res));
    },
    retire: pages.retire,
    ended: pages.ended,
  };
}

/** The build's site settings (pages/site-settings.json.ts); undefined for a build made before the file existed, which has them in its bundles. */
async function readSiteSettings(dir: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'client/site-settings.json'), 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

type OldAddresses = { moved: Map<string, string>; gone: Set<string>; withQuery: boolean };

/** The build's old-address table (pages/old-addresses.json.ts); none in a build made before it. */
function readOldAddresses(body: Buffer | undefined): OldAddresses {
  const table = body ? (JSON.parse(body.toString('utf8')) as { moved?: Record<string, string>; gone?: string[] }) : {};
  const moved = new Map(Object.entries(table.moved ?? {}));
  const gone = new Set(table.gone ?? []);
  return { moved, gone, withQuery: [...moved.keys(), ...gone].some((p) => p.includes('?')) };
}

/**
 * A request for an imported article's old address: 301 to its page, or 410 with the page that
 * says the article was removed (pages/410.astro). Only GET and HEAD; anything else is not an old address.
 */
function answerOldAddress(table: OldAddresses, req: IncomingMessage, res: ServerResponse, goneBody: Buffer | undefined, { exact = false, extraHeaders = [] }: { exact?: boolean; extraHeaders?: [string, string][] } = {}): boolean {
  if ((req.method !== 'GET' && req.method !== 'HEAD') || (table.moved.size === 0 && table.gone.size === 0)) return false;
  const answer = lookUpOldAddress(table, req.url ?? '/', { exact });
  if (!answer) return false;
  for (const [name, value] of extraHeaders) res.setHeader(name, value);
  if (answer.status === 301) {
    res.writeHead(301, { Location: answer.location, 'Cache-Control': 'public, max-age=3600', 'Content-Length': 0 });
    res.end();
  } else {
    res.writeHead(410, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(req.method === 'HEAD' ? undefined : goneBody);
  }
  return true;
}
