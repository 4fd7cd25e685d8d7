// Serves the current site build and swaps to a newer one without dropping requests. The build
// protocol (folders, the `current` pointer) is @app/shared/server's site-builds; the deploy
// pipeline replaces the pointer with an atomic rename and this module notices within a fifth of a
// second. Requests already running finish on the build they started with; new ones get the new one.
// With published builds (SITE_BUILDS_S3_*) the live build comes from the bucket instead
// (published-builds.ts), announced through PostgreSQL, and the same swap serves it.
import { unwatchFile, watchFile } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { CURRENT_POINTER, currentBuildDir, PUBLISHED_CACHE_FOLDER, siteBuildsStorageFromEnv, type SiteBuildsStorage } from '@app/shared/server';
import { type Build, type Handler, loadBuild } from './loaded-build.ts';
import { followPublishedBuilds, type PublishedBuildsFollower, type PublishedBuildsStatus } from './published-builds.ts';
import { commonSecurityHeaders } from './security-headers.ts';

/** The site server's own readiness: `starting` until it holds the live build (published builds) or any build (the local pointer). */
export type SiteReadiness = { ready: boolean; message: string; siteBuild: PublishedBuildsStatus };

export type LiveSite = {
  handle: Handler;
  /**
   * Answers a request for one of the live build's files (GET or HEAD) as handle would, and says
   * whether it did: the front door asks this first, so a static page costs no more than its
   * lookup and one write (no request id minted, no headers copied; issue 53 #1).
   */
  answerStatic(req: IncomingMessage, res: ServerResponse): boolean;
  /** Whether the live build has a page or file at the path (the front door answers view beacons for its articles' pages). */
  hasPage(pathname: string): boolean;
  close(): void;
  /** With published builds: may this host take traffic (GET /api/ready answers 503 "starting" until then)? */
  readiness?: () => SiteReadiness;
  /** With published builds: the follower (tests bring it to the live build and stop it). */
  published?: PublishedBuildsFollower;
};

/** Published builds (SITE_BUILDS_S3_*): where to hear of them and fetch them from. */
export type PublishedBuildsOptions = { databaseUrl: string; storage: SiteBuildsStorage; nodeModulesDir?: string; retryMs?: number };

const WORKSPACE_NODE_MODULES = path.resolve(import.meta.dirname, '../../node_modules');

/** SITE_BUILDS_S3_* (README), or null: the local builds folder and its pointer. The builds' row and channel need DATABASE_URL. */
export function publishedBuildsFromEnv(env: NodeJS.ProcessEnv): PublishedBuildsOptions | null {
  const storage = siteBuildsStorageFromEnv(env);
  if (!storage) return null;
  if (!env.DATABASE_URL) throw new Error('SITE_BUILDS_S3_BUCKET is set: the site server needs DATABASE_URL too (it hears of new builds through PostgreSQL)');
  return { databaseUrl: env.DATABASE_URL, storage };
}

export async function createLiveSite(options: { buildsDir: string; fallbackDir?: string; log?: (msg: string) => void; https?: boolean; published?: PublishedBuildsOptions | null }): Promise<LiveSite> {
  if (options.published) return createPublishedSite({ ...options, published: options.published });
  return createPointerSite(options);
}

/**
 * The site of published builds: the follower (published-builds.ts) hands each verified build over
 * and requests go to it from then on; the local pointer is not read, so a restarted host never
 * serves what its disk held before it has the live build.
 */
async function createPublishedSite({ buildsDir, log = () => {}, https = false, published }: { buildsDir: string; log?: (msg: string) => void; https?: boolean; published: PublishedBuildsOptions }): Promise<LiveSite> {
  const baseHeaders = commonSecurityHeaders({ https });
  let live: Build | null = null;
  const follower = followPublishedBuilds({
    databaseUrl: published.databaseUrl,
    storage: published.storage,
    cacheDir: path.join(buildsDir, PUBLISHED_CACHE_FOLDER),
    nodeModulesDir: published.nodeModulesDir ?? WORKSPACE_NODE_MODULES,
    retryMs: published.retryMs,
    log,
    async swap(dir) {
      live = replaced(live, await loadBuild(dir, baseHeaders, { log }), log);
    },
  });
  await follower.start();
  const readiness = (): SiteReadiness => {
    const siteBuild = follower.status();
    const ready = siteBuild.state === 'ready';
    return { ready, message: ready ? 'Ready.' : `Not ready: starting (${siteBuild.problem ?? 'fetching the live site build'}).`, siteBuild };
  };
  return {
    readiness,
    published: follower,
    handle(req, res) {
      if (isReadyCheck(req)) return answerReady(req, res, baseHeaders, readiness());
      if (!live) return notYet(res, baseHeaders);
      live.handle(req, res);
    },
    answerStatic: (req, res) => live !== null && !isReadyCheck(req) && live.answerStatic(req, res),
    hasPage: (pathname) => live?.hasPage(pathname) ?? false,
    close() {
      void follower.stop();
      live?.retire();
    },
  };
}

/**
 * The newer build goes live; the one it replaces is retired: its page thread, and with it the
 * build's modules, ends once the requests it took are answered.
 */
function replaced(old: Build | null, build: Build, log: (msg: string) => void): Build {
  if (old) {
    old.retire();
    void old.ended.then(() => log(`site build ${path.basename(old.dir)} retired`));
  }
  return build;
}

/** The site server's own GET /api/ready (the edge's active health check of a site upstream asks it). */
function isReadyCheck(req: IncomingMessage): boolean {
  return req.url === '/api/ready' && (req.method === 'GET' || req.method === 'HEAD');
}

function answerReady(req: IncomingMessage, res: ServerResponse, baseHeaders: Record<string, string>, answer: SiteReadiness) {
  for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
  res.writeHead(answer.ready ? 200 : 503, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(req.method === 'HEAD' ? undefined : JSON.stringify(answer));
}

function notYet(res: ServerResponse, baseHeaders: Record<string, string>) {
  for (const [name, value] of Object.entries(baseHeaders)) res.setHeader(name, value);
  res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' });
  res.end('The site is being built. Please try again in a few seconds.');
}

async function createPointerSite({ buildsDir, fallbackDir, log = () => {}, https = false }: { buildsDir: string; fallbackDir?: string; log?: (msg: string) => void; https?: boolean }): Promise<LiveSite> {
  const baseHeaders = commonSecurityHeaders({ https });
  let live: Build | null = null;
  let loading: Promise<void> | null = null;
  let failedDir: string | null = null;
  const pointer = path.join(buildsDir, CURRENT_POINTER);

  // One load at a time: a pointer change seen during a load is picked up when it finishes.
  function refresh(): Promise<void> {
    if (loading) return loading;
    const dir = currentBuildDir(buildsDir, fallbackDir);
    if (!dir || dir === live?.dir || dir === failedDir) return Promise.resolve();
    loading = loadBuild(dir, baseHeaders, { log })
      .then((build) => {
        live = replaced(live, build, log);
        log(`serving site build ${path.basename(dir)}`);
      })
      .catch((err: Error) => {
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
  watchFile(pointer, { interval: 200 }, () => void refresh());

  // Ready once a build is loaded: a site server run alone behind Caddy (the production shape, compose)
  // takes no traffic before (Caddy's active health check asks GET /api/ready, which never reaches the API from here).
  const readiness = (): SiteReadiness => {
    const ready = live !== null;
    const buildId = live ? path.basename(live.dir) : null;
    return { ready, message: ready ? 'Ready.' : 'Not ready: starting (no site build yet).', siteBuild: { state: ready ? 'ready' : 'starting', buildId, contentVersion: null, problem: ready ? null : 'no site build yet' } };
  };
  return {
    handle(req, res) {
      if (isReadyCheck(req)) return answerReady(req, res, baseHeaders, readiness());
      if (!live) return notYet(res, baseHeaders);
      live.handle(req, res);
    },
    answerStatic: (req, res) => live !== null && !isReadyCheck(req) && live.answerStatic(req, res),
    hasPage: (pathname) => live?.hasPage(pathname) ?? false,
    close() {
      unwatchFile(pointer);
      live?.retire();
    },
  };
}
