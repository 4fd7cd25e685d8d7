/** What the loop needs of a connection: node-postgres's `Client` and a pool's `PoolClient` both fit. */
export type ListeningConnection = {
  query(text: string): Promise<unknown>;
  on(event: 'notification', listener: (n: { channel: string; payload?: string }) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
};

/**
 * A new client connected, for `listenWithRetry`'s `connect`: one that could not connect is ended
 * (its socket released) before the error goes on to the loop, which tries again later.
 */
export async function connectedClient<C extends { connect(): Promise<unknown>; end(): Promise<unknown> }>(client: C): Promise<C> {
  try {
    await client.connect();
  } catch (err) {
    await client.end().catch(() => {});
    throw err;
  }
  return client;
}

/** PostgreSQL channel names as the apps write them (LISTEN takes an identifier, not a parameter). */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A connection that LISTENs on some PostgreSQL channels and comes back by itself, with growing
 * waits (1 s … 5 s), when it drops or cannot be opened: the one retry loop of the API's signal
 * multiplexer and the CMS's site-access listener. A notification sent while it was down is lost,
 * so every (re)connection calls `onConnect` (callers catch up there) and every drop `onDisconnect`.
 */
export function listenWithRetry<C extends ListeningConnection>(deps: {
  /** Opens a fresh connection (a new client, or one taken from a pool). */
  connect(): Promise<C>;
  /** Gives a connection up for good: ends it, or destroys it rather than return a listening connection to a pool. */
  discard(connection: C, err?: Error): Promise<void> | void;
  /** The channels to listen on, read at each (re)connection. */
  channels(): readonly string[];
  onNotify(channel: string, payload: string): void;
  onConnect?(): Promise<void> | void;
  onDisconnect?(): void;
  warn(message: string, err: Error): void;
  delays?: { firstMs: number; maxMs: number };
}) {
  // At most 5 s apart: after a failover to another database host (15–25 s) a listener is back
  // within seconds of the new primary, not after a 30 s wait (issue 51); one attempt per 5 s is nothing to the server.
  const { firstMs, maxMs } = deps.delays ?? { firstMs: 1000, maxMs: 5000 };
  let live: C | null = null;
  let stopped = false;
  let delay = firstMs;
  let timer: NodeJS.Timeout | null = null;

  const listenSql = (channels: readonly string[]) => {
    for (const channel of channels) if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
    return channels.map((channel) => `listen ${channel}`).join('; ');
  };

  function lost(c: C, err?: Error) {
    if (live !== c) return;
    live = null;
    if (err) deps.warn('the listener lost its connection', err);
    void Promise.resolve(deps.discard(c, err)).catch(() => {});
    deps.onDisconnect?.();
    retry();
  }

  async function connect(): Promise<void> {
    if (stopped) return;
    let c: C | null = null;
    try {
      c = await deps.connect();
      const conn = c;
      conn.on('notification', (n) => {
        if (live === conn) deps.onNotify(n.channel, n.payload ?? '');
      });
      conn.on('error', (err) => lost(conn, err));
      conn.on('end', () => lost(conn));
      const channels = deps.channels();
      if (channels.length > 0) await conn.query(listenSql(channels));
      if (stopped) return void (await deps.discard(conn));
      live = conn;
      delay = firstMs;
    } catch (err) {
      deps.warn('the listener could not connect; retrying', err as Error);
      if (c) await Promise.resolve(deps.discard(c, err as Error)).catch(() => {});
      return retry();
    }
    await Promise.resolve(deps.onConnect?.()).catch((err: Error) => deps.warn('the listener’s catching up failed', err));
  }

  function retry() {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, maxMs);
  }

  return {
    /** Connects (resolves once listening, or once the first attempt failed and a retry is planned). */
    start: connect,
    /** Whether the connection is up now. */
    connected: () => live !== null,
    /** Listens on one more channel on the live connection (a later connection reads `channels()`). */
    async listen(channel: string): Promise<void> {
      await live?.query(listenSql([channel]));
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = live;
      live = null;
      if (c) await Promise.resolve(deps.discard(c)).catch(() => {});
    },
  };
}
export type ListenLoop = ReturnType<typeof listenWithRetry>;
