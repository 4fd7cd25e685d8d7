import { z } from 'zod';

/** PostgreSQL's `integer` range: ids beyond it can name nothing, and must not reach a query. */
export const PG_INT_MAX = 2_147_483_647;

/** A database id in a JSON body. */
export const IdSchema = z.number().int().min(1).max(PG_INT_MAX);

/** A database id in a path or query string: plain digits, within PostgreSQL's integer range. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(IdSchema);
