import { readFileSync, writeFileSync } from 'node:fs';
import { DIMENSIONS, SENTENCE_MODEL, type Meaning, type SentenceVectorStore } from './sentence-encoder.ts';

/**
 * Sentence vectors kept in a file: the encoder's own output for a known set of texts, read instead
 * of encoding them again. The demo content's ship with the code (DEMO_VECTORS_FILE), so a fresh demo
 * site — every end-to-end stack among them — has its assistant ready without encoding ~440 texts
 * (about 13 s of CPU). Written by api/test/ai/write-stored-vectors.ts; api/test/sentence-vectors.test.ts
 * encodes a sample again and compares. A text that is not in the file is simply encoded.
 *
 * The format: a first line naming the format and the model, then per text its SHA-256 (base64url,
 * 43 bytes, as the encoder keys it), its scale (float32, little-endian) and its 512 signed bytes.
 */
export const DEMO_VECTORS_FILE = new URL('./demo-vectors.bin', import.meta.url);
const HEADER = `sentence-vectors 1 ${SENTENCE_MODEL}\n`;
const HASH = 43;
const ENTRY = HASH + 4 + DIMENSIONS;

export type StoredVector = { bytes: Uint8Array; scale: number };

/** The file's vectors by text hash (none when the file names another model or is missing). */
export function readVectorFile(file: URL): Map<string, StoredVector> {
  const found = new Map<string, StoredVector>();
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return found;
  }
  if (data.subarray(0, HEADER.length).toString('utf8') !== HEADER) return found;
  for (let at = HEADER.length; at + ENTRY <= data.length; at += ENTRY) {
    found.set(data.subarray(at, at + HASH).toString('latin1'), { scale: data.readFloatLE(at + HASH), bytes: data.subarray(at + HASH + 4, at + ENTRY) });
  }
  return found;
}

export function writeVectorFile(vectors: ReadonlyMap<string, Meaning>, file: URL): void {
  const parts = [Buffer.from(HEADER, 'utf8')];
  for (const [hash, m] of [...vectors].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const entry = Buffer.alloc(ENTRY);
    entry.write(hash, 0, HASH, 'latin1');
    entry.writeFloatLE(m.scale, HASH);
    entry.set(new Uint8Array(m.values.buffer, m.values.byteOffset, DIMENSIONS), HASH + 4);
    parts.push(entry);
  }
  writeFileSync(file, Buffer.concat(parts));
}

/**
 * `store`, with the texts it does not hold looked up in `files` (read on first use, then kept: a few
 * hundred KB) before they are encoded. Writes go to `store` only.
 */
export function withVectorFiles(store: SentenceVectorStore | null, files: readonly URL[]): SentenceVectorStore {
  let known: Map<string, StoredVector> | null = null;
  return {
    async read(model, hashes) {
      const found = store ? await store.read(model, hashes) : new Map<string, StoredVector>();
      if (model !== SENTENCE_MODEL || found.size === hashes.length) return found;
      known ??= new Map(files.flatMap((file) => [...readVectorFile(file)]));
      for (const h of hashes) {
        const v = known.get(h);
        if (v && !found.has(h)) found.set(h, v);
      }
      return found;
    },
    async write(model, vectors) {
      await store?.write(model, vectors);
    },
  };
}
