import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay to a server that a test can take down and bring back on the same port: to the
 * API, "the database is stopped" looks exactly like this (refused connections, cut sessions).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  let port = 0;
  async function listen() {
    server = createServer((client) => {
      const upstream = connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  }
  await listen();
  return {
    get port() {
      return port;
    },
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server!.close(() => r()));
    },
    start: listen,
  };
}

/** A relay in front of a database (its URL's host and port), and that database's URL through the relay. */
export async function proxyDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  return { proxy, url: url.toString() };
}
