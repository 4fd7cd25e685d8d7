import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A grey 16:9 picture: what the video channel's image server answers here (tests reach no internet). */
const CHANNEL_THUMBNAIL = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270"><rect width="480" height="270" fill="#888"/></svg>';
const HOST = 'i.ytimg.com';

/** Where the browser finds the channel's image server: a port per stack, beside its own (E2E_PORT + 9). */
export const thumbnailPort = (stackPort: number) => stackPort + 9;

/**
 * A synced video without an uploaded picture shows the channel's own thumbnail (i.ytimg.com). The
 * browser resolves that host to a local HTTPS server answering every picture with a grey one
 * (`thumbnailHostArgs`; its certificate is self-made, and the suite ignores certificate errors).
 * Routing the host in each page instead made the browser hand every request of every page to
 * Playwright and wait for its answer: a quarter of a page-heavy file's CPU (issue 53 #6).
 */
export function thumbnailHostArgs(stackPort: number): string[] {
  return [`--host-resolver-rules=MAP ${HOST} 127.0.0.1:${thumbnailPort(stackPort)}`];
}

/** The local stand-in for the channel's image server; resolves with its close. */
export async function startThumbnailServer(stackPort: number): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'e2e-thumbnails-'));
  try {
    // Debian's openssl (.ci/run installs it): a key and a certificate for the host, for the suite's run.
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', `/CN=${HOST}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    const server = createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
      res.end(CHANNEL_THUMBNAIL);
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(thumbnailPort(stackPort), '127.0.0.1', resolve));
    return () => new Promise((resolve) => server.close(() => resolve()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
