import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SystemProbes } from '../domain/system/get-system-report.ts';
import { createDatabaseHostsProbe, type DatabaseHostsSettings } from './database-hosts.ts';

const run = promisify(execFile);

/** Asked once: neither the installed Astro nor the checked-out commit changes while this process runs. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => (value ??= load().catch(() => null as T));
}

/** The System tab's questions to the CMS (its service-info call, with the secret on its private address), the site's Astro, the repository, and a replicated database's hosts. */
export function createSystemProbes(opts: { cmsUrl: string; secret: string; siteDir: string | null; databaseHosts?: DatabaseHostsSettings | null }): SystemProbes {
  return {
    ...(opts.databaseHosts ? { databaseHosts: createDatabaseHostsProbe(opts.databaseHosts) } : {}),
    async cms() {
      const res = await fetch(`${opts.cmsUrl}/cms/api/service-info`, { headers: { 'x-internal-secret': opts.secret }, signal: AbortSignal.timeout(3_000) });
      if (!res.ok) throw new Error(`the CMS answered ${res.status}`);
      return (await res.json()) as { payloadVersion: string | null; uptimeSeconds: number };
    },
    astroVersion: once(async () => {
      if (!opts.siteDir) return null;
      const file = createRequire(path.join(opts.siteDir, 'package.json')).resolve('astro/package.json');
      return (JSON.parse(await readFile(file, 'utf8')) as { version: string }).version;
    }),
    appCommit: once(async () => {
      if (!opts.siteDir) return null;
      return (await run('git', ['rev-parse', 'HEAD'], { cwd: opts.siteDir, timeout: 3_000 })).stdout.trim() || null;
    }),
  };
}
