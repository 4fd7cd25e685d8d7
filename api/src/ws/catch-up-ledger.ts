/**
 * What a channel pushed from announcements (NOTIFY) and from a catch-up after its LISTEN
 * connection came back, so each reaches a socket once: a catch-up passes over what was announced
 * lately, and an announcement arriving just after a catch-up pushed the same id (committed while
 * the connection was coming back) is passed over. A later announcement of the same id — a held
 * chat message approved, a notification folded into — is delivered as before.
 */
export function catchUpLedger({ recent = 1000, windowMs = 10_000 } = {}) {
  const announced = new Set<number>();
  /** Ids a catch-up pushed, with when (oldest first). */
  const caughtUp = new Map<number, number>();
  return {
    /** An announcement of `id`: whether to push it. */
    announced(id: number): boolean {
      const at = caughtUp.get(id);
      caughtUp.delete(id);
      announced.add(id);
      if (announced.size > recent) announced.delete(announced.values().next().value!);
      return at === undefined || Date.now() - at >= windowMs;
    },
    /** A catch-up found `id`: whether to push it. */
    caughtUp(id: number): boolean {
      if (announced.has(id)) return false;
      const now = Date.now();
      for (const [old, at] of caughtUp) {
        if (now - at < windowMs) break;
        caughtUp.delete(old);
      }
      caughtUp.set(id, now);
      return true;
    },
  };
}
