export type EmbeddedDb = { fresh: boolean; url(database?: string): string; stop(): Promise<void> };
export function startEmbeddedPostgres(opts: { dataDir: string; port: number; log?: (m: string) => void }): Promise<EmbeddedDb>;
export function ensureDatabase(adminUrl: string, name: string): Promise<void>;
