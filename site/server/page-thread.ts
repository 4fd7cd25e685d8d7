// The thread that renders one site build's pages on demand (page-renderer.ts starts it): it imports
// the build's server entry and answers on a unix socket of its own. A request no page of the build
// takes (Astro calls `next`) is answered with NO_PAGE_HEADER and nothing else: the site server
// answers it (old addresses, 404) from what it holds. Imports nothing of the project's, so Node runs
// it as it is (its types stripped).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

type AstroHandler = (req: IncomingMessage, res: ServerResponse, next: () => void, locals?: object) => void;
export type PageThreadData = { entry: string; socketPath: string; siteSettings: unknown; noPageHeader: string };

const { entry, socketPath, siteSettings, noPageHeader } = workerData as PageThreadData;
const { handler } = (await import(entry)) as { handler: AstroHandler };
const locals = siteSettings ? { siteSettings } : undefined;

// No keep-alive timeout: the only client is the site server, whose agent closes connections it no longer uses.
const server = createServer({ keepAliveTimeout: 0 }, (req, res) => {
  handler(
    req,
    res,
    () => {
      res.writeHead(404, { [noPageHeader]: '1', 'Content-Length': 0 });
      res.end();
    },
    // Each request its own locals: the middleware adds the member to them.
    locals && { ...locals },
  );
});
server.listen(socketPath, () => parentPort?.postMessage('listening'));
