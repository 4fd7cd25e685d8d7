import { z } from 'zod';
import { PG_INT_MAX } from './pg-int.ts';

export { PG_INT_MAX };

/** A database id in a JSON body. */
export const IdSchema = z.number().int().min(1).max(PG_INT_MAX);

/** How a database id is spelled in a path or query string: plain digits, no leading zero. */
export const ID_PARAM_PATTERN = /^[1-9][0-9]{0,9}$/;

/** A database id in a path or query string: plain digits, within PostgreSQL's integer range. */
export const IdParamSchema = z
  .string()
  .regex(ID_PARAM_PATTERN)
  .transform(Number)
  .pipe(IdSchema);
