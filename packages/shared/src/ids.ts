import { z } from 'zod';
import { PG_INT_MAX } from './pg-int.ts';

export { PG_INT_MAX };

/** A database id in a JSON body. */
export const IdSchema = z.number().int().min(1).max(PG_INT_MAX);

/** A database id in a path or query string: plain digits, within PostgreSQL's integer range. */
export const IdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(IdSchema);
