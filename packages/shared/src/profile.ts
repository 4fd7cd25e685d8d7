// The member's own profile (spec 02 §3 Profile, §5 profile rules; issue 20): limits, the avatar
// address rule and the words shown for a deleted member. Zod-free, so forms and pages may ship it.

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;
export const BIO_MAX = 250;
/** An avatar address longer than this is refused (real image addresses are far shorter). */
export const AVATAR_URL_MAX = 2000;
/** Uploaded avatars: at most this many bytes, decided by the server from the bytes themselves. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The squares an upload is re-encoded to: the profile's and the lists' (comments, posts, chat). */
export const AVATAR_SIZES = { large: 256, small: 64 } as const;

export const AVATAR_NOT_AN_IMAGE = 'That file is not an image we can read.';
export const AVATAR_TOO_LARGE = 'Images must be 5 MB or smaller.';
export const AVATAR_URL_INVALID = 'Avatar URL must be a web address starting with https:// or http://, or empty.';

/** How a member who deleted their account is named wherever their words stay (others' threads). */
export const DELETED_MEMBER_NAME = 'Deleted member';

/**
 * Whether an avatar address may be stored and shown: an absolute http: or https: address with a
 * host, no credentials and no whitespace — never javascript:, data:, a relative path or anything
 * a browser would run or resolve against our own origin.
 */
export function isWebAddress(value: string): boolean {
  if (value.length > AVATAR_URL_MAX || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === '';
}

/** The shareable profile's address (Pro perk `public-profile`). */
export const publicProfilePath = (username: string) => `/members/${encodeURIComponent(username)}`;
