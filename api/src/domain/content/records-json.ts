import { createHash } from 'node:crypto';
import type { ContentRecords } from '@app/shared/server';
import { turns } from '../../lib/turns.ts';


/**
 * A content version's records as JSON — the very text `JSON.stringify(records)` writes, in pieces —
 * and its version (the same as `contentVersion(records)`: the SHA-256 of that text), written a few
 * articles at a time with turns of the event loop between (issue 49 #4: after a large import,
 * serializing and hashing the whole library at once held the API's one thread for seconds). The
 * snapshot is saved from the same pieces, so the library is serialized once per load.
 */
export async function recordsJsonInTurns(records: ContentRecords): Promise<{ json: string[]; version: string }> {
  const hash = createHash('sha256');
  const json: string[] = [];
  const put = (piece: string) => {
    json.push(piece);
    hash.update(piece);
  };
  const turn = turns();
  let first = true;
  put('{');
  // JSON.stringify's own rules for an object's members: its own enumerable keys in order, undefined, functions and symbols left out.
  for (const [key, value] of Object.entries(records)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    put(`${first ? '' : ','}${JSON.stringify(key)}:`);
    first = false;
    if (!Array.isArray(value)) {
      put(JSON.stringify(value));
      continue;
    }
    put('[');
    for (let i = 0; i < value.length; i++) {
      if (turn.due()) await turn.pause();
      // In an array, what JSON.stringify leaves out of an object is written as null.
      put(`${i ? ',' : ''}${JSON.stringify(value[i]) ?? 'null'}`);
    }
    put(']');
  }
  put('}');
  return { json, version: hash.digest('hex').slice(0, 16) };
}
