// Zod-free, so the forms' schemas may use it without bringing full zod (ids.ts re-exports it).

/** PostgreSQL's `integer` range: ids beyond it can name nothing, and must not reach a query. */
export const PG_INT_MAX = 2_147_483_647;
