import type { CacheSignals } from '../ports/signals.ts';
import type { ActiveSession } from './sessions.ts';
/** How long a cached session is trusted without a signal: a re-read then also moves `last_seen` (once a minute). */
const FRESH_MS = 60 * 1000;
const MAX_ENTRIES = 20_000;

type Entry = { session: ActiveSession; createdAt: Date; cachedAt: number };

export type SessionCache = {
  get(idHash: string): { session: ActiveSession; createdAt: Date } | null;
  /** Taken before a session is read from the database; `set` keeps the read only if nothing was dropped since. */
  ticket(): number;
  set(session: ActiveSession, createdAt: Date, ticket: number): void;
  dropSession(idHash: string): void;
  dropUser(userId: number): void;
};

/**
 * A small per-instance cache of live sessions and their members, so a signed-in read costs no
 * database round trip. Revocation stays immediate on every instance: triggers on `app.sessions`
 * and `app.users` NOTIFY on commit (sign-out, suspension, password change, deletion, any change to
 * the member, whoever wrote it), every instance drops what it holds; this instance also drops at
 * once what it ended itself. While the listener is down nothing is served from the cache, and
 * everything is forgotten when it reconnects (a signal may have been missed).
 */
export function createSessionCache(deps: { signals: CacheSignals; now?: () => number }): SessionCache {
  const now = deps.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const byUser = new Map<number, Set<string>>();
  let listening = false;
  // Counts drops: a read that raced a sign-out must not be cached after the signal passed.
  let drops = 0;

  const dropSession = (idHash: string) => {
    drops++;
    const entry = entries.get(idHash);
    if (!entry) return;
    entries.delete(idHash);
    const hashes = byUser.get(entry.session.user.id);
    hashes?.delete(idHash);
    if (hashes?.size === 0) byUser.delete(entry.session.user.id);
  };
  const dropUser = (userId: number) => {
    drops++;
    for (const idHash of byUser.get(userId) ?? []) entries.delete(idHash);
    byUser.delete(userId);
  };
  const clear = () => {
    drops++;
    entries.clear();
    byUser.clear();
  };

  deps.signals.subscribe({
    onNotify: (payload) => {
      if (payload.startsWith('s:')) dropSession(payload.slice(2));
      else if (payload.startsWith('u:')) dropUser(Number(payload.slice(2)));
      else if (!payload.startsWith('l:')) clear();
    },
    onConnect: () => {
      clear();
      listening = true;
    },
    onDisconnect: () => {
      listening = false;
      clear();
    },
  });

  return {
    get(idHash) {
      const entry = entries.get(idHash);
      if (!entry) return null;
      if (!listening || now() - entry.cachedAt > FRESH_MS || entry.session.expiresAt.getTime() <= now()) {
        entries.delete(idHash);
        byUser.get(entry.session.user.id)?.delete(idHash);
        return null;
      }
      return { session: entry.session, createdAt: entry.createdAt };
    },
    ticket: () => drops,
    set(session, createdAt, ticket) {
      if (!listening || ticket !== drops) return;
      dropSession(session.idHash);
      if (entries.size >= MAX_ENTRIES) dropSession(entries.keys().next().value!);
      entries.set(session.idHash, { session, createdAt, cachedAt: now() });
      const hashes = byUser.get(session.user.id) ?? new Set<string>();
      hashes.add(session.idHash);
      byUser.set(session.user.id, hashes);
    },
    dropSession,
    dropUser,
  };
}
