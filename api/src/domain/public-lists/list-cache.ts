import { createHash } from 'node:crypto';
import { ownBytes } from '../../lib/own-bytes.ts';
import type { CacheSignals } from '../ports/signals.ts';

const MAX_ENTRIES = 10_000;

/** A list answer kept as its JSON bytes, with a strong validator computed once. */
export type CachedList = { json: Buffer; etag: string };

export type ListCache = {
  /** The answer under `key` (a list and whose view of it), computed once until something changes. */
  get(key: string, compute: () => Promise<unknown>): Promise<CachedList>;
  /** Forgets everything at once (this instance wrote something). */
  clear(): void;
};

/** Kept per viewer until a change (thousands at once): its bytes are its own (lib/own-bytes.ts). */
export const cachedList = (value: unknown): CachedList => {
  const json = ownBytes(JSON.stringify(value));
  return { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
};

/**
 * The lists that change rarely (the bulletin board, the chat rooms, a member's saved videos) kept in memory per
 * viewer, so a read is a Map lookup. Every instance forgets them all when the database signals a
 * change to their rows or to any member (triggers of migration 0015, on commit, whoever wrote it);
 * while the listener is down nothing is kept.
 */
export function createListCache(deps: { signals: CacheSignals }): ListCache {
  const entries = new Map<string, CachedList>();
  let listening = false;
  // A computation that raced a change must not be kept after the signal passed.
  let generation = 0;
  const clear = () => {
    generation++;
    entries.clear();
  };
  deps.signals.subscribe({
    onNotify: (payload) => {
      if (payload.startsWith('l:') || payload.startsWith('u:')) clear();
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
    async get(key, compute) {
      const hit = listening ? entries.get(key) : undefined;
      if (hit) return hit;
      const started = generation;
      const fresh = cachedList(await compute());
      if (listening && started === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(key, fresh);
      }
      return fresh;
    },
    clear,
  };
}

/** Without a cache (tests, scripts): every read computes its answer. */
export const uncachedLists: ListCache = {
  get: async (_key, compute) => cachedList(await compute()),
  clear: () => {},
};
