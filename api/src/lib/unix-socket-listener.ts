import { once } from 'node:events';
import { lstat, unlink } from 'node:fs/promises';
import type { RequestListener, Server } from 'node:http';
import type { Socket } from 'node:net';
import { socketAnswers } from '@app/shared/unix-socket';
import { createApiHttpServer } from './http-server.ts';

/** What a connection on a unix socket says it comes from: this machine, as a loopback connection would. */
const THIS_MACHINE = '127.0.0.1';

/**
 * The app on a unix socket as well as its TCP port (API_SOCKET): the local front door relays its
 * reads through it, which spares both processes the TCP stack on every request. Only processes of
 * this machine can connect, so each connection's peer is given as 127.0.0.1 — what `trust proxy`
 * and `req.ip` read — and the front door's X-Forwarded-For names the visitor, as over loopback TCP.
 * A socket file left by an API that died is removed; one another process still answers on is an
 * error, and so is any other kind of file there (nothing but a socket is ever removed).
 */
export async function listenOnUnixSocket(app: RequestListener, socketPath: string): Promise<Server> {
  const existing = await lstat(socketPath).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (existing && !existing.isSocket()) throw new Error(`API_SOCKET ${socketPath} is a file, not a socket: choose another path`);
  // A live API answers (an error to start beside); a file left by one that died refuses.
  if (existing && (await socketAnswers(socketPath))) throw new Error(`API_SOCKET ${socketPath} is in use: is another API running?`);
  if (existing) await unlink(socketPath);
  const server = createApiHttpServer(app);
  server.on('connection', (socket: Socket) => Object.defineProperty(socket, 'remoteAddress', { value: THIS_MACHINE }));
  await once(server.listen(socketPath), 'listening');
  return server;
}
