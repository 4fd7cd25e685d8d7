import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { DatabaseBackup, DatabaseHost } from '@app/shared/browser';

const run = promisify(execFile);

/**
 * Where the System tab learns about a replicated database (issue 51): PATRONI_URLS (each database
 * host's Patroni REST address, comma-separated) and PGBACKREST_STANZA (with pgBackRest's own
 * PGBACKREST_REPO1_* or PGBACKREST_CONFIG, read by pgBackRest itself). Neither set: null, and
 * nothing changes.
 */
export type DatabaseHostsSettings = { patroniUrls: string[]; pgbackrestStanza: string | null };

export function databaseHostsFromEnv(env: NodeJS.ProcessEnv): DatabaseHostsSettings | null {
  const patroniUrls = (env.PATRONI_URLS ?? '').split(',').map((u) => u.trim()).filter(Boolean);
  for (const url of patroniUrls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`PATRONI_URLS: "${url}" is not a URL (e.g. http://10.0.0.21:8008)`);
    }
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error(`PATRONI_URLS: "${url}" must be http:// or https://`);
  }
  const stanza = env.PGBACKREST_STANZA?.trim() || null;
  if (stanza && !/^[A-Za-z0-9_.-]+$/.test(stanza)) throw new Error(`PGBACKREST_STANZA: "${stanza}" is not a stanza name`);
  return patroniUrls.length || stanza ? { patroniUrls: patroniUrls.map((u) => u.replace(/\/+$/, '')), pgbackrestStanza: stanza } : null;
}

type PatroniMember = { name: string; role: string; state: string; api_url?: string; host?: string; port?: number; timeline?: number; lag?: number | string };

const ROLE: Record<string, DatabaseHost['role']> = { leader: 'primary', standby_leader: 'primary', sync_standby: 'sync standby', replica: 'standby' };

/** The hosts as Patroni's GET /cluster lists them (asked of each address in turn), and any configured address that is not among them. */
export async function patroniHosts(urls: string[], timeoutMs = 2000): Promise<DatabaseHost[] | null> {
  let members: PatroniMember[] | null = null;
  for (const url of urls) {
    try {
      const res = await fetch(`${url}/cluster`, { signal: AbortSignal.timeout(timeoutMs) });
      if (!res.ok) continue;
      members = ((await res.json()) as { members?: PatroniMember[] }).members ?? null;
      if (members) break;
    } catch {
      /* the next host */
    }
  }
  if (!members) return urls.length ? urls.map((url) => ({ name: new URL(url).host, role: 'unknown', state: 'not answering', lagBytes: null, timeline: null })) : null;
  const hosts: DatabaseHost[] = members.map((m) => ({
    name: m.name,
    role: ROLE[m.role] ?? 'unknown',
    state: m.state,
    lagBytes: typeof m.lag === 'number' ? m.lag : null,
    timeline: m.timeline ?? null,
  }));
  // A host whose member key expired (dead for longer than Patroni's ttl) is missing from /cluster.
  const listed = new Set(members.map((m) => m.api_url && new URL(m.api_url).host));
  for (const url of urls) if (!listed.has(new URL(url).host)) hosts.push({ name: new URL(url).host, role: 'unknown', state: 'not answering', lagBytes: null, timeline: null });
  return hosts;
}

type PgBackRestStanza = { backup?: { label: string; type: string; timestamp: { stop: number }; info?: { size?: number; repository?: { delta?: number; size?: number } } }[] };

/** The newest base backup in pgBackRest's repository (`pgbackrest info --output=json`). */
export async function lastBaseBackup(stanza: string, env: NodeJS.ProcessEnv = process.env, timeoutMs = 15_000): Promise<DatabaseBackup | null> {
  const { stdout } = await run('pgbackrest', [`--stanza=${stanza}`, '--log-level-console=error', '--log-level-file=off', 'info', '--output=json'], { env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 });
  const [info] = JSON.parse(stdout) as PgBackRestStanza[];
  const last = info?.backup?.at(-1);
  if (!last) return null;
  return { label: last.label, type: last.type, finishedAt: new Date(last.timestamp.stop * 1000).toISOString(), databaseBytes: last.info?.size ?? null, repoBytes: last.info?.repository?.delta ?? last.info?.repository?.size ?? null };
}

/** The System tab's view of the database hosts and backups; pgBackRest's answer (it lists the bucket) is kept for a minute. */
export function createDatabaseHostsProbe(settings: DatabaseHostsSettings, env: NodeJS.ProcessEnv = process.env) {
  let backup: { at: number; value: Promise<DatabaseBackup | null> } | null = null;
  return {
    hosts: () => (settings.patroniUrls.length ? patroniHosts(settings.patroniUrls) : Promise.resolve(null)),
    lastBackup(): Promise<DatabaseBackup | null> {
      if (!settings.pgbackrestStanza) return Promise.resolve(null);
      if (!backup || Date.now() - backup.at > 60_000) backup = { at: Date.now(), value: lastBaseBackup(settings.pgbackrestStanza, env).catch(() => null) };
      return backup.value;
    },
  };
}
