import { IdParamSchema } from '@app/shared/schemas';
import { AppError } from '../lib/app-error.ts';

/** The one way a path id is read: anything that is not an id in range names nothing, so 404. */
export function idParam(value: string | undefined, what: string): number {
  const parsed = IdParamSchema.safeParse(value);
  if (!parsed.success) throw new AppError('not_found', `${what} not found`);
  return parsed.data;
}
