import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Other API processes' chat sockets on one database (chat-instance.ts), for the fan-out tests:
 * `start()` forks one and answers its socket's address; `stopAll()` ends them and waits.
 */
export function chatInstances(databaseUrl: () => string) {
  const children: ChildProcess[] = [];
  return {
    async start(): Promise<string> {
      const child = fork(fileURLToPath(new URL('./chat-instance.ts', import.meta.url)), { env: { ...process.env, DATABASE_URL: databaseUrl() }, stdio: 'inherit' });
      children.push(child);
      const { port } = await new Promise<{ port: number }>((resolve, reject) => {
        child.once('message', (m) => resolve(m as { port: number }));
        child.once('exit', (code) => reject(new Error(`chat instance exited with ${code}`)));
      });
      return `ws://127.0.0.1:${port}/ws`;
    },
    async stopAll(): Promise<void> {
      for (const child of children) child.disconnect();
      await Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))));
    },
  };
}
