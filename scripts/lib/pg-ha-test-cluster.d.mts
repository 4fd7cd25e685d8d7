/** A database host of scripts/lib/pg-ha.mjs. */
export type PgHaHost = { name: string; address: string; netns?: string; dir: string; ports: { postgres: number; patroni: number; etcdClient: number; etcdPeer: number } };
export type PgHaStatus = { members: { name: string; role: string; state: string; host: string; port: number; timeline: number | null; lag: number | null }[]; primary: string | null; answeredBy: string } | null;
export type PgHaCluster = {
  scope: string; hosts: PgHaHost[]; patroniUrls: string[]; superuserPassword: string;
  status(): Promise<PgHaStatus>;
  waitFor(what: string, check: (s: PgHaStatus) => boolean, timeoutMs?: number): Promise<NonNullable<PgHaStatus>>;
  healthy(names: string[]): (s: PgHaStatus) => boolean;
  killHost(name: string): number;
  /** A host's PostgreSQL processes (postmaster and children). */
  postgresPids(name: string): number[];
  startHost(name: string): void;
  directUrl(host: PgHaHost, database?: string): string;
  backup(options?: { type?: 'full' | 'incr' | 'diff' }): Promise<{ ms: number; label: string; type: string; databaseBytes: number | null; repoBytes: number | null }>;
  backrestConfigFile(name: string): string;
};
export type TestCluster = {
  dir: string; cluster: PgHaCluster; repo: unknown; statsUrl: string;
  databaseUrl(database?: string): string;
  /** The cluster's status and each host's last log lines, for a failed test's report. */
  diagnostics(lines?: number): Promise<string>;
  stop(): Promise<void>;
};
export function clusterUnavailable(): string | null;
export function startTestCluster(options?: { backups?: boolean; bucket?: string; basePort?: number; log?: (name: string, line: string) => void }): Promise<TestCluster>;
/** pgBackRest point-in-time recovery into a fresh folder (scripts/lib/pg-ha.mjs; what `npm run restore -- --time` runs). */
export function restoreToTime(options: { target: string; dataDir: string; stanza?: string; port?: number; keepRunning?: boolean; env?: NodeJS.ProcessEnv; log?: (line: string) => void }): Promise<{ ms: number; recoveredTo: string | null; port: number; socketDir: string; server?: { pid: number; stop(): Promise<void> } }>;
