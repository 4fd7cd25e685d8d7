import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useState } from 'react';
import { api, ApiError } from '@app/shared/browser';
import type { User } from '@app/shared/schemas';
import { hasSessionHint } from '../lib/session-hint';

/** The signed-in user: undefined while loading, null when signed out (401). */
export const $user = atom<User | null | undefined>(undefined);
let loading: Promise<User | null> | null = null;
/** When /api/user could not be reached (not a 401), ask again after these pauses, then stay signed out. */
export const USER_RETRY_MS = [2_000, 5_000, 15_000];
let retries = 0;

export function loadUser(force = false): Promise<User | null> {
  if (!force && loading) return loading;
  // Without the signed-in hint there is no session to ask about (and a 401 would only add noise).
  if (!force && !hasSessionHint()) {
    $user.set(null);
    loading = Promise.resolve(null);
    return loading;
  }
  loading = api
    .get<User>('/api/user')
    .catch((err) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
      throw err;
    })
    .then((user) => {
      retries = 0;
      $user.set(user);
      return user;
    })
    .catch(() => {
      // Unreachable is not signed out: the page shows the visitor's view for now, and asks again, so
      // a member whose first call failed still gets their comments, tier and menu once it answers.
      $user.set(null);
      const pause = USER_RETRY_MS[retries++];
      if (pause !== undefined) setTimeout(() => void loadUser(true), pause);
      return null;
    });
  return loading;
}

/**
 * The signed-in user for an island's render: `undefined` on the first render, as on the server
 * (which never knows the visitor), and the store's value after hydration. Reading the store
 * directly would make the first client render differ from the server's HTML whenever another
 * island loaded the user first (React error #418).
 */
export function useUser(): User | null | undefined {
  const user = useStore($user);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated ? user : undefined;
}
