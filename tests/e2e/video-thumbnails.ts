import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { selfSignedCertificate } from '../../scripts/lib/pg-ha.mjs';

/** A grey 16:9 picture: what the video channel's image server answers here (tests reach no internet). */
const CHANNEL_THUMBNAIL = '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270"><rect width="480" height="270" fill="#888"/></svg>';
const HOST = 'i.ytimg.com';

/** Where the browser finds the channel's image server: a port per stack, beside its own (E2E_PORT + 9). */
const thumbnailPort = (stackPort: number) => stackPort + 9;

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
    // Made by Debian's openssl (.ci/run installs it), for the suite's run.
    const { key, cert } = selfSignedCertificate(dir, [HOST]);
    const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'max-age=3600' });
      res.end(CHANNEL_THUMBNAIL);
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(thumbnailPort(stackPort), '127.0.0.1', resolve));
    return () => new Promise((resolve) => server.close(() => resolve()));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
