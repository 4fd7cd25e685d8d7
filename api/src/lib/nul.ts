/** PostgreSQL refuses NUL in text: anything that could carry one into a query is refused first, with this. */
export const NUL_MESSAGE = 'The request contains a NUL character, which is not allowed.';

const MAX_DEPTH = 32;

/** Whether a parsed JSON value holds a NUL in any string or key. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}
