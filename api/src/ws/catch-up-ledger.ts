/**
 * What a channel pushed from announcements (NOTIFY) and from a catch-up after its LISTEN
 * connection came back, so each reaches a socket once: a catch-up passes over what was announced
 * lately, and an announcement arriving just after a catch-up pushed the same id (committed while
 * the connection was coming back) is passed over. A later announcement of the same id — a held
 * chat message approved, a notification folded into — is delivered as before. The instance that
 * saved a message may push it from the row at hand (`savedHere`); its announcement is then passed over.
 */
export function catchUpLedger({ recent = 1000, windowMs = 10_000 } = {}) {
  const announced = new Set<number>();
  /** Ids pushed on this instance before their announcement arrived (the instance that saved them). */
  const pushedFirst = new Set<number>();
  const remember = (set: Set<number>, id: number) => {
    set.add(id);
    if (set.size > recent) set.delete(set.values().next().value!);
  };
  /** Ids a catch-up pushed, with when (oldest first). */
  const caughtUp = new Map<number, number>();
  return {
    /** An announcement of `id`: whether to push it. */
    announced(id: number): boolean {
      const at = caughtUp.get(id);
      caughtUp.delete(id);
      if (pushedFirst.delete(id)) return false;
      remember(announced, id);
      return at === undefined || Date.now() - at >= windowMs;
    },
    /**
     * This instance saved `id` and has it at hand: whether to push it now (not when its own
     * announcement came first). Its announcement is then passed over, and so is a catch-up's.
     */
    savedHere(id: number): boolean {
      if (announced.has(id)) return false;
      remember(pushedFirst, id);
      remember(announced, id);
      return true;
    },
    /** `savedHere` said yes but the push failed: its announcement, or a catch-up, pushes it instead. */
    notPushed(id: number): void {
      pushedFirst.delete(id);
      announced.delete(id);
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
