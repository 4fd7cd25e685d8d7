// The static half of a site build, held in memory: each file read once when the build goes
// live, with gzip and brotli variants and a content-hash ETag. A build is a few megabytes; serving
// it from memory is several times faster than streaming from disk per request.
//
// Brotli at its best quality costs seconds for a build's pages, and a publish must not wait for it
// (issue 36: publish-to-live): a file whose bytes this process has not compressed before gets a
// fast brotli at once and its best one once the build has stayed live a while, off the event loop;
// files a previous build had (the hashed bundles) keep their best compression from then. Every
// page carries its build's content version, so each build's pages are all new bytes: an editor's
// saves seconds apart would otherwise pay the best brotli of every page for builds that are live
// for seconds (issue 53 #6: a second of CPU per 1.3 MB of pages, per site server).
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { writeHeadKept, type KeptHead } from './kept-head.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.xml', '.txt', '.json', '.webmanifest']);

async function walk(dir: string, base = dir): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full, base)));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/**
 * A build's client folder as a map from URL path to ready-to-send answers: the body in each
 * encoding and every response's complete header list (the build's own headers included), so a
 * request costs a map lookup and one write.
 */
type Answer = { etag: string; headers: (string | number)[]; body: Buffer; notModified: (string | number)[]; kept?: KeptHead };
export type StaticFile = { type: string; body: Buffer; identity: Answer; gzip: Answer | null; br: Answer | null };
export type StaticFiles = Map<string, StaticFile>;

type RawFile = { rel: string; body: Buffer; type: string };
type Compressed = { gzip: Buffer; br: Buffer };

const BEST_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } };
const FAST_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliBest = promisify(brotliCompress);
/** How long a build stays live before its files get their best brotli. */
const BEST_AFTER_MS = 20_000;
/** The best compressions of the last build this process loaded, by content hash. */
let bestOf = new Map<string, Compressed>();
/** Ends the last build's wait for its best brotli: superseded, it is compressed no further, and its files are not held for it. */
let supersede = () => {};

/**
 * Reads the folder once; `headersFor` adds the headers every answer of this build carries
 * (computed from the HTML, such as its CSP), and `pageHeaders` those an HTML page carries instead
 * (its own policy). `compress: false` (a health check) skips the encoded variants. `compressed`
 * settles once every file has its best brotli, which starts `bestAfterMs` after the load (unless
 * another build was loaded meanwhile).
 */
export async function loadStaticFiles(
  clientDir: string,
  headersFor: (html: Buffer[]) => Record<string, string> = () => ({}),
  options: { compress?: boolean; pageHeaders?: (html: Buffer) => Record<string, string>; bestAfterMs?: number } = {},
): Promise<{ files: StaticFiles; compressed: Promise<void> }> {
  const raw: RawFile[] = [];
  for (const rel of await walk(clientDir)) raw.push({ rel, body: await readFile(path.join(clientDir, rel)), type: TYPES[path.extname(rel)] ?? 'application/octet-stream' });
  const common = headersFor(raw.filter((f) => f.type.startsWith('text/html')).map((f) => f.body));
  const buildHeaders = Object.entries(common).flat();
  const { pageHeaders } = options;
  const files: StaticFiles = new Map();
  const previous = bestOf;
  const best = new Map<string, Compressed>();
  const later: { entry: StaticFile; hash: string; body: Buffer; gzip: Buffer; answer: (encoded: Buffer, encoding: 'gzip' | 'br' | 'br5' | null) => Answer }[] = [];
  for (const { rel, body, type } of raw) {
    const compress = options.compress !== false && COMPRESSIBLE.has(path.extname(rel)) && body.length > 512;
    const hash = createHash('sha1').update(body).digest('base64url').slice(0, 20);
    // Hashed bundles never change; pages must revalidate so a rebuild shows at once.
    const cacheControl = rel.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
    // A strong validator names one representation (RFC 9110 §8.8.1): each encoding has its own,
    // and the fast brotli another than the best.
    const fileHeaders = pageHeaders && type.startsWith('text/html') ? Object.entries({ ...common, ...pageHeaders(body) }).flat() : buildHeaders;
    const answer = (encoded: Buffer, encoding: 'gzip' | 'br' | 'br5' | null): Answer => {
      const etag = `"${hash}${encoding ? `-${encoding}` : ''}"`;
      const notModified = [...fileHeaders, 'Content-Type', type, 'ETag', etag, 'Cache-Control', cacheControl, 'Vary', 'Accept-Encoding'];
      return { etag, body: encoded, notModified, headers: [...notModified, ...(encoding ? ['Content-Encoding', encoding === 'br5' ? 'br' : encoding] : []), 'Content-Length', encoded.length] };
    };
    const known = compress ? (best.get(hash) ?? previous.get(hash)) : undefined;
    const gzip = compress ? (known?.gzip ?? gzipSync(body, { level: 9 })) : null;
    const entry: StaticFile = {
      type,
      body,
      identity: answer(body, null),
      gzip: gzip && answer(gzip, 'gzip'),
      br: known ? answer(known.br, 'br') : compress ? answer(brotliCompressSync(body, FAST_BROTLI), 'br5') : null,
    };
    if (known) best.set(hash, known);
    else if (gzip) later.push({ entry, hash, body, gzip, answer });
    files.set(`/${rel}`, entry);
    if (rel.endsWith('.html')) {
      const clean = `/${rel.slice(0, -'.html'.length)}`;
      files.set(clean === '/index' ? '/' : clean.replace(/\/index$/, ''), entry);
    }
  }
  if (options.compress !== false) {
    supersede();
    bestOf = best;
  }
  // One file at a time, on the thread pool: requests keep the event loop. A file whose best
  // compression fails keeps its fast one; a build superseded meanwhile is compressed no further.
  const compressed = (async () => {
    if (later.length === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.bestAfterMs ?? BEST_AFTER_MS).unref();
      supersede = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    for (const file of later) {
      if (bestOf !== best) return;
      const br = best.get(file.hash)?.br ?? (await brotliBest(file.body, BEST_BROTLI).catch(() => null));
      if (!br) continue;
      best.set(file.hash, { gzip: file.gzip, br });
      file.entry.br = file.answer(br, 'br');
    }
  })();
  return { files, compressed };
}

/**
 * Answers the request from the map; returns false when the path is not a static file. `untouched`:
 * nothing was set on the response, so a 200's head may be the one kept for its answer (kept-head.ts).
 */
export function serveStatic(files: StaticFiles, req: IncomingMessage, res: ServerResponse, { untouched = false } = {}): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  let pathname = q === -1 ? raw : raw.slice(0, q);
  if (pathname.includes('%')) {
    try {
      pathname = decodeURIComponent(pathname);
    } catch {
      return false;
    }
  }
  const file = files.get(pathname) ?? (pathname.length > 1 && pathname.endsWith('/') ? files.get(pathname.slice(0, -1)) : undefined);
  if (!file) return false;
  const accept = req.headers['accept-encoding'];
  const answer = (accept && ((file.br && accept.includes('br') && file.br) || (file.gzip && accept.includes('gzip') && file.gzip))) || file.identity;
  // Quoted tags: "abc" is never found inside "abc-br".
  if (req.headers['if-none-match']?.includes(answer.etag)) {
    res.writeHead(304, answer.notModified);
    res.end();
    return true;
  }
  if (untouched) writeHeadKept(req, res, answer.headers, answer);
  else res.writeHead(200, answer.headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
  return true;
}
