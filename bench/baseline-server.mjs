// The yardstick: a raw node:http hello world, in its own process like the services.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 3999);
createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('hello world');
}).listen(port, '127.0.0.1', () => process.send?.('ready'));
