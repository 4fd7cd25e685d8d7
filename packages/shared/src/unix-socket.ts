// @app/shared/unix-socket — whether something listens on a unix socket file: the API before it
// listens on API_SOCKET, the site server before it removes a page thread's socket left behind. Its
// own entry point: the deploy's health check loads the site server's relay without the rest of @app/shared/server.
import { connect } from 'node:net';

/**
 * Whether something answers on the socket file. Only a refused connection (or no file) says no: a
 * full backlog or a file this user may not open may well be a live process's.
 */
export function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code !== 'ECONNREFUSED' && err.code !== 'ENOENT'));
  });
}
