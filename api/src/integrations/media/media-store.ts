/** Keys we write: one folder, random names (never a member's file name). */
const KEY = /^[a-z]+\/[A-Za-z0-9_-]{16,64}(?:-\d+)?\.[a-z]{3,4}$/;

export function assertMediaKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`not a media key: ${key}`);
}

/** A stored file's address, wherever its bytes are: the site's own /media/, which the edge serves from the disk or the bucket. */
export const mediaAddress = (publicUrl: string, key: string) => `${publicUrl.replace(/\/$/, '')}/media/${key}`;
