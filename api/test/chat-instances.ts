import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PresenceTiming } from '../src/domain/presence/article-presence.ts';

/**
 * Other API processes' socket hubs on one database (chat-instance.ts), for the fan-out tests:
 * `start()` forks one and answers its socket's address; `kill(url)` crashes one; `stopAll()` ends them and waits.
 */
/**
 * What a test may spend starting its instances, beside its own waits: each is a Node process that
 * loads the API's modules (~5 CPU s), and CI starts these files while the type check, lint and the
 * CMS build hold both cores (a bound, not a measurement). On a machine whose raw node:http ran a
 * third slower (session 38) the first test took 26 s alone and over 60 s twice in CI's run.
 */
export const INSTANCES_START = 120_000;

/** Ended, by itself or by a signal. */
const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export function chatInstances(databaseUrl: () => string) {
  const children: ChildProcess[] = [];
  const byUrl = new Map<string, ChildProcess>();
  return {
    /** `presenceTiming`: the instance's presence rounds (a test waits seconds, not the default's half minute). */
    async start(opts: { presenceTiming?: Partial<PresenceTiming> } = {}): Promise<string> {
      const env = { ...process.env, DATABASE_URL: databaseUrl(), ...(opts.presenceTiming && { PRESENCE_TIMING: JSON.stringify(opts.presenceTiming) }) };
      const child = fork(fileURLToPath(new URL('./chat-instance.ts', import.meta.url)), { env, stdio: 'inherit' });
      children.push(child);
      const { port } = await new Promise<{ port: number }>((resolve, reject) => {
        child.once('message', (m) => resolve(m as { port: number }));
        child.once('exit', (code) => reject(new Error(`chat instance exited with ${code}`)));
      });
      const url = `ws://127.0.0.1:${port}/ws`;
      byUrl.set(url, child);
      return url;
    },
    /** Kills the instance serving `url` at once: no goodbye to the others (a crash). */
    async kill(url: string): Promise<void> {
      const child = byUrl.get(url);
      if (!child || exited(child)) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
    async stopAll(): Promise<void> {
      for (const child of children) if (child.connected) child.disconnect();
      await Promise.all(children.map((c) => new Promise((r) => (exited(c) ? r(null) : c.once('exit', r)))));
    },
  };
}
