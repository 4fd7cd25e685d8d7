import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResultRow } from 'pg';
import type { Db } from './client.ts';

/**
 * A query prepared once per database handle and run by name with its values (issue 53 #3, #4): drizzle
 * builds its text once instead of at every call, and PostgreSQL parses it once per connection. For the
 * hot reads: every state-changing request's session, every chat socket's rooms, join and history.
 * `build` ends in `.prepare(name)`; a query whose text depends on the caller (a moderator's history
 * has no visibility condition) is two prepared queries with two names.
 */
export function preparedQuery<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}

const dialect = new PgDialect();
/** Names given to statements' texts; past this many, statements run unnamed (a text that varies with its data must not fill the connections). */
const names = new Map<string, string>();
const MAX_NAMED = 200;

/** The name of a statement's text: one per text, until MAX_NAMED; then none (run unnamed). */
function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `statement_${names.size + 1}`));
  return name;
}

/**
 * A statement written with drizzle's `sql`, run as a prepared statement named after its text:
 * PostgreSQL parses and plans it once per connection instead of at every call (issue 53 #3: a
 * comment's one statement, its limit included, was planned again for every comment). Rows come as
 * node-postgres reads them (a timestamptz as a Date). Outside a transaction only (the pool's).
 */
export async function executePrepared<T extends QueryResultRow>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await db.$client.query<T>({ name: nameOf(text), text, values: params })).rows;
}

/**
 * A statement built once: drizzle's `sql` with named placeholders (`sql.placeholder('content')`),
 * turned into text when the module loads; each call runs it as `executePrepared` does, with that
 * call's values (issue 53 #3: building a comment's statement afresh was a tenth of the API's time
 * per comment). A statement with several shapes is one of these per shape.
 */
export function statement<T extends QueryResultRow>(query: SQL): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = nameOf(text);
  return async (db, values) => (await db.$client.query<T>({ name, text, values: fillPlaceholders(params, values) })).rows;
}
