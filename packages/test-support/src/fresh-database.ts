import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { databaseUrl, templatePrefix, withClient } from './pg-admin.ts';

/** How a template database is made once per run: `prepare` gets its address (e.g. migrates it). */
export type Template = { key: string; prepare(url: string): Promise<void> };

/**
 * A new database on the run's PostgreSQL server, for one test file: empty, or a copy of a template
 * made once per run and key (a copy takes a few hundred milliseconds where migrating takes a second
 * or more, for each of a hundred files).
 */
export async function createFreshDatabase(template?: Template): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const source = template ? await templateDatabase(adminUrl, template) : null;
  await withClient(adminUrl, (c) => c.query(`create database ${name}${source ? ` template ${source}` : ''}`));
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => withClient(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * The run's template for `key`, made by the first file that asks (the others wait on an advisory
 * lock). It is prepared under a temporary name and renamed when done, so a half-made template is
 * never copied; the run's teardown drops it (postgres-global-setup.ts).
 */
async function templateDatabase(adminUrl: string, template: Template): Promise<string> {
  const name = `${templatePrefix(inject('testRunId'))}${template.key.replace(/\W/g, '_')}`;
  return withClient(adminUrl, async (c) => {
    await c.query('select pg_advisory_lock(hashtext($1))', [name]);
    try {
      const { rowCount } = await c.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return name;
      const making = `${name}_making`;
      await c.query(`drop database if exists ${making} with (force)`);
      await c.query(`create database ${making}`);
      await template.prepare(databaseUrl(adminUrl, making));
      await c.query(`alter database ${making} rename to ${name}`);
      return name;
    } finally {
      await c.query('select pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}
