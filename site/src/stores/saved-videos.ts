import { useStore } from '@nanostores/react';
import { atom, computed } from 'nanostores';
import { useEffect } from 'react';
import { api, errorMessage, SAVED_LIST_TEXT, type SavedList } from '@app/shared/browser';
import type { Video } from '@app/shared/schemas';
import { toast } from '@app/ui';
import { createFetcherStore, mutateCache } from '../lib/queries';
import { $user, loadUser, useUser } from './session';

// The lists are asked for once someone is signed in (spec 01 §7: a 401 reads as an empty list).
const key = (list: SavedList) => computed($user, (u) => (u ? `/api/${list}` : null));
export const $favorites = createFetcherStore<Video[]>([key('favorites')]);
export const $watchLater = createFetcherStore<Video[]>([key('watch-later')]);
const STORES = { favorites: $favorites, 'watch-later': $watchLater } as const;
/** Toggles in flight, so a double click sends one call. */
const $busy = atom<Record<string, boolean>>({});

/** The member's two lists (null while loading or for visitors) and the toggles. */
export function useSavedVideos() {
  const user = useUser();
  useEffect(() => void loadUser(), []);
  const favorites = useStore($favorites);
  const watchLater = useStore($watchLater);
  const busy = useStore($busy);
  return { user, favorites, watchLater, busy, lists: { favorites: favorites.data, 'watch-later': watchLater.data } };
}

/**
 * A saved-video toggle (spec 01 §4): in the list → removed, otherwise added. The list updates in
 * place at once and is put back if the call fails; the server's message (or the spec's fallback)
 * is the toast.
 */
export async function toggleSaved(list: SavedList, video: Video): Promise<void> {
  const store = STORES[list];
  const url = `/api/${list}`;
  const current = store.get().data ?? [];
  const saved = current.some((v) => v.id === video.id);
  const flight = `${list}:${video.id}`;
  if ($busy.get()[flight]) return;
  $busy.set({ ...$busy.get(), [flight]: true });
  const text = SAVED_LIST_TEXT[list];
  mutateCache(url, saved ? current.filter((v) => v.id !== video.id) : [video, ...current]);
  try {
    const res = await (saved ? api.delete<{ message?: string }>(`${url}/${video.id}`) : api.post<{ message?: string }>(`${url}/${video.id}`));
    toast({ title: res?.message ?? (saved ? text.removed : text.added) });
  } catch (err) {
    mutateCache(url, current);
    toast({ title: 'Error', description: errorMessage(err, saved ? text.removeFailed : text.addFailed), variant: 'destructive' });
  } finally {
    const { [flight]: _done, ...rest } = $busy.get();
    $busy.set(rest);
  }
}
