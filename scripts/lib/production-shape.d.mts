import type { Service } from './stack.d.mts';

export type ProductionShape = {
  url: string; seconds: number; databaseUrl: string; internalSecret: string; apiUrls: string[]; cmsUrl: string;
  mediaDir: string; mailFile: string | null; services: Record<string, Service>; stop(): Promise<void>;
};
export function localPorts(portBase: number, instances: number): { cms: number; site: number; smtp: number; internalApi: number; api: number[] };
export function localServiceEnv(options: Record<string, unknown>): Record<string, unknown>;
export function serviceCommand(name: 'cms' | 'api' | 'site', options?: { port?: number; host?: string }): { args: string[]; cwd: string };
export function startProductionShape(options?: {
  databaseUrl?: string; publicUrl?: string; apiInstances?: number; dataDir?: string; portBase?: number;
  env?: Record<string, string>; log?: (name: string, line: string) => void; demoContent?: boolean;
}): Promise<ProductionShape>;
