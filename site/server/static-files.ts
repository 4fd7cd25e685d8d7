// The static half of a site build, held in memory: each file read once when the build goes
// live, with gzip and brotli variants computed up front and a content-hash ETag. A build is a few
// megabytes; serving it from memory is several times faster than streaming from disk per request.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

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

/** Reads a build's client folder into a map from URL path to ready-to-send variants. */
export type StaticFile = { body: Buffer; gzip: Buffer | null; br: Buffer | null; type: string; etag: string; cacheControl: string };
export type StaticFiles = Map<string, StaticFile>;

export async function loadStaticFiles(clientDir: string): Promise<StaticFiles> {
  const files: StaticFiles = new Map();
  for (const rel of await walk(clientDir)) {
    const ext = path.extname(rel);
    const body = await readFile(path.join(clientDir, rel));
    const compress = COMPRESSIBLE.has(ext) && body.length > 512;
    const entry: StaticFile = {
      body,
      gzip: compress ? gzipSync(body, { level: 9 }) : null,
      br: compress ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }) : null,
      type: TYPES[ext] ?? 'application/octet-stream',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
      // Hashed bundles never change; pages must revalidate so a rebuild shows at once.
      cacheControl: rel.startsWith('_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    };
    files.set(`/${rel}`, entry);
    if (rel.endsWith('.html')) {
      const clean = `/${rel.slice(0, -'.html'.length)}`;
      files.set(clean === '/index' ? '/' : clean.replace(/\/index$/, ''), entry);
    }
  }
  return files;
}

/** Answers the request from the map; returns false when the path is not a static file. */
export function serveStatic(files: StaticFiles, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  let pathname: string;
  try {
    pathname = decodeURIComponent(q === -1 ? raw : raw.slice(0, q));
  } catch {
    return false;
  }
  const file = files.get(pathname) ?? (pathname.length > 1 && pathname.endsWith('/') ? files.get(pathname.slice(0, -1)) : undefined);
  if (!file) return false;
  const headers: Record<string, string | number> = { 'Content-Type': file.type, ETag: file.etag, 'Cache-Control': file.cacheControl, Vary: 'Accept-Encoding' };
  if (req.headers['if-none-match'] === file.etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const accept = req.headers['accept-encoding'] ?? '';
  let body = file.body;
  if (file.br && accept.includes('br')) {
    body = file.br;
    headers['Content-Encoding'] = 'br';
  } else if (file.gzip && accept.includes('gzip')) {
    body = file.gzip;
    headers['Content-Encoding'] = 'gzip';
  }
  headers['Content-Length'] = body.length;
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
