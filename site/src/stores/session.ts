import { atom } from 'nanostores';
import { api, ApiError, type User } from '@app/shared';

export type SessionUser = User;

/** The signed-in user: undefined while loading, null when signed out (401). */
export const $user = atom<SessionUser | null | undefined>(undefined);
let loading: Promise<SessionUser | null> | null = null;

const hasSessionHint = () => typeof document !== 'undefined' && document.cookie.split('; ').includes('signed_in=1');

export function loadUser(force = false): Promise<SessionUser | null> {
  if (!force && loading) return loading;
  // Without the signed-in hint there is no session to ask about (and a 401 would only add noise).
  if (!force && !hasSessionHint()) {
    $user.set(null);
    loading = Promise.resolve(null);
    return loading;
  }
  loading = api
    .get<SessionUser>('/api/user')
    .catch((err) => {
      if (err instanceof ApiError && (err.status === 401 || err.status === 404)) return null;
      throw err;
    })
    .then((user) => {
      $user.set(user);
      return user;
    })
    .catch(() => {
      $user.set(null);
      return null;
    });
  return loading;
}
