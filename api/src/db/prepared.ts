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
