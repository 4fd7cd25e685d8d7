/** What a part of the instance does with one PostgreSQL channel's signals (integrations/signals.ts delivers them). */
export type SignalHandler = {
  onNotify(payload: string): void;
  /** The connection is up (at start and after each drop): a signal may have been missed, so catch up. */
  onConnect?(): void;
  /** The connection dropped: signals are being missed until `onConnect`. */
  onDisconnect?(): void;
};

/** The instance's one LISTEN connection, shared by every channel (DESIGN §7.28). */
export type Signals = {
  /** Listens on `channel` too; the handler hears `onConnect` at once when the connection is already up. */
  subscribe(channel: string, handler: SignalHandler): void;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** What a cache does with the cache signals: drop what a payload names; forget everything when the connection comes or goes (a signal may have been missed). */
export type CacheSignalHandler = Required<SignalHandler>;

/** The database triggers' cache channel on the instance's one LISTEN connection (integrations/cache-signals.ts). */
export type CacheSignals = {
  /** Adds a cache; it hears `onConnect` at once when the connection is already up. */
  subscribe(handler: CacheSignalHandler): void;
};
