import { atom } from 'nanostores';

/** Which dashboard tab is open; the moderation tables jump to a user or a room through it. */
export const $adminTab = atom<string>('articles');
/** A room whose messages the Chat Rooms tab should show (set by "View Chat Room"). */
export const $viewRoom = atom<number | null>(null);
/** A search the Users tab should run (set by "View User"). */
export const $userSearch = atom<string | null>(null);
