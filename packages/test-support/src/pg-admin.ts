import pg from 'pg';

// The run's PostgreSQL server seen as its administrator: kept free of Vitest's imports, so the
// global setup (in the runner's own process) can use it too.

/** Every template of a run starts with this. */
export const templatePrefix = (runId: string) => `tpl_${runId}_`;

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
