type PgError = { code?: string; detail?: string };

/** The PostgreSQL error with this SQLSTATE, raised directly or wrapped by Drizzle (its `cause`); null for any other error. */
export function pgErrorWithCode(err: unknown, code: string): PgError | null {
  const e = err as (PgError & { cause?: PgError }) | null;
  return e?.code === code ? e : e?.cause?.code === code ? e.cause : null;
}

/** A PostgreSQL unique-index violation (SQLSTATE 23505), raised directly or wrapped by Drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  return pgErrorWithCode(err, '23505') !== null;
}
