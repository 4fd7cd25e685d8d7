// Serves one site build — not the live pointer — on a free local port, so the deploy pipeline can
// check a new build before it goes live (the API's build health check starts this). It prints
// `{"port":N}` once listening. /api/* is passed to API_URL, as the front door does, so the check
// reaches the API through the new build's server.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadBuild } from './loaded-build.ts';
import { commonSecurityHeaders } from './security-headers.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: preview-build.ts <build folder>');
const api = process.env.API_URL ? new URL(process.env.API_URL) : null;
const build = await loadBuild(dir, commonSecurityHeaders({ https: false }), { compress: false });
const server = createServer((req, res) => {
  if (api && req.url?.startsWith('/api/')) {
    const upstream = request({ host: api.hostname, port: api.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
    return;
  }
  build.handle(req, res);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })));
process.on('SIGTERM', () => process.exit(0));
