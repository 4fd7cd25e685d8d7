export const root: string;
export const DEMO_CMS_ADMIN: { email: string; password: string };
export type Service = { name: string; child: import('node:child_process').ChildProcess; exited: Promise<{ code: number | null }>; stop(): Promise<void> };
export type Stack = {
  url: string; port: number; demo: boolean; seconds: number; internalSecret: string;
  env: Record<string, string>; services: Record<string, Service>; stop(): Promise<void>;
};
export function startStack(options?: {
  dataDir?: string; port?: number; apiPort?: number; cmsPort?: number; dbPort?: number;
  mode?: 'production' | 'dev'; log?: (name: string, line: string) => void; env?: Record<string, string>;
}): Promise<Stack>;
