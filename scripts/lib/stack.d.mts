export const root: string;
export const DEMO_CMS_ADMIN: { email: string; password: string; totpSecret: string };
/** A supervised service (@app/supervisor): `child` is the current process; `exited` resolves when it is stopped or given up on. */
export type Service = { name: string; readonly child: import('node:child_process').ChildProcess; readonly restarts: number; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; gaveUp: boolean }>; stop(): Promise<void> };
export type Stack = {
  url: string; port: number; demo: boolean; seconds: number; internalSecret: string;
  env: Record<string, string>; services: Record<string, Service>; stop(): Promise<void>;
};
export function startStack(options?: {
  dataDir?: string; port?: number; apiPort?: number; cmsPort?: number; dbPort?: number;
  mode?: 'production' | 'dev'; log?: (name: string, line: string) => void; env?: Record<string, string>;
}): Promise<Stack>;
