import { WebSocket } from 'ws';
import { TEST_ORIGIN } from './test-app.ts';

type Incoming = { type: string; [key: string]: unknown };

/** A chat socket for tests: sends the browser's cookie and Origin, and waits for what the server says. */
export async function chatClient(url: string, cookies: Map<string, string> | null, opts: { autoPong?: boolean; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, ...opts.headers };
  if (cookies?.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ws = new WebSocket(url, { headers, autoPong: opts.autoPong ?? true });
  const received: Incoming[] = [];
  const waiters: { match: (m: Incoming) => boolean; resolve: (m: Incoming) => void }[] = [];
  let closed: { code: number } | null = null;
  const closeWaiters: ((c: { code: number }) => void)[] = [];
  ws.on('message', (raw, isBinary) => {
    // A browser hands a binary frame to the page as a Blob, which the site's client cannot read:
    // every frame must be text, so a binary one is never what a test waits for.
    const m = isBinary ? { type: 'binary frame' } : (JSON.parse(String(raw)) as Incoming);
    received.push(m);
    for (const w of [...waiters]) {
      if (w.match(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
    }
  });
  ws.on('close', (code) => {
    closed = { code };
    closeWaiters.splice(0).forEach((r) => r(closed!));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    received,
    send: (data: unknown) => ws.send(JSON.stringify(data)),
    /** The first message (already received or still to come) of this type that matches. */
    next(type: string, match: (m: Incoming) => boolean = () => true, timeoutMs = 5000): Promise<Incoming> {
      const seen = received.find((m) => m.type === type && match(m) && !(m as { taken?: boolean }).taken);
      if (seen) {
        (seen as { taken?: boolean }).taken = true;
        return Promise.resolve(seen);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(received)}`)), timeoutMs);
        waiters.push({
          match: (m) => m.type === type && match(m),
          resolve: (m) => {
            clearTimeout(timer);
            (m as { taken?: boolean }).taken = true;
            resolve(m);
          },
        });
      });
    },
    closed: (): Promise<{ code: number }> => (closed ? Promise.resolve(closed) : new Promise((r) => closeWaiters.push(r))),
    close: () => ws.close(1000),
  };
}
