/** A server error as the System tab lists it: when, which request (its id), and what went wrong. */
export type RecentError = { at: string; requestId: string; method: string; path: string; status: number; message: string };

export type RecentErrors = { add(e: RecentError): void; list(): RecentError[] };

/**
 * The newest 5xx answers of this instance, kept in memory beside the log lines that carry the same
 * request ids (the log stays the record; this is what the System tab shows without a log store).
 */
export function createRecentErrors(keep = 50): RecentErrors {
  const items: RecentError[] = [];
  return {
    add(e) {
      items.unshift(e);
      items.length = Math.min(items.length, keep);
    },
    list: () => [...items],
  };
}
