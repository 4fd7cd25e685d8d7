import { readFileSync, writeFileSync } from 'node:fs';
import { DIMENSIONS, SENTENCE_MODEL, type Meaning, type SentenceVectorStore } from '../../src/domain/ai/sentence-encoder.ts';

/**
 * The encoder's vectors of the tests' libraries (the demo seed, and it with 300 generated articles),
 * kept in the repository so that the assistant's evaluations do not encode ~2,100 texts again in
 * every run (a minute of CPU; issue 53 #6). They are the model's own output, written by
 * write-stored-vectors.ts; sentence-vectors.test.ts encodes a sample of them again and compares.
 * A text that is not here (a library or a model that changed) is simply encoded, as in production.
 *
 * The file: a first line naming the format and the model, then per text its SHA-256 (base64url,
 * 43 bytes, as the encoder keys it), its scale (float32, little-endian) and its 512 signed bytes.
 */
export const STORED_VECTORS_FILE = new URL('./sentence-vectors.bin', import.meta.url);
const HEADER = `sentence-vectors 1 ${SENTENCE_MODEL}\n`;
const HASH = 43;
const ENTRY = HASH + 4 + DIMENSIONS;

export type StoredVector = { bytes: Uint8Array; scale: number };

/** The file's vectors by text hash (none when the file names another model). */
export function readStoredVectors(file: URL = STORED_VECTORS_FILE): Map<string, StoredVector> {
  const found = new Map<string, StoredVector>();
  const data = readFileSync(file);
  if (data.subarray(0, HEADER.length).toString('utf8') !== HEADER) return found;
  for (let at = HEADER.length; at + ENTRY <= data.length; at += ENTRY) {
    found.set(data.subarray(at, at + HASH).toString('latin1'), { scale: data.readFloatLE(at + HASH), bytes: data.subarray(at + HASH + 4, at + ENTRY) });
  }
  return found;
}

export function writeStoredVectors(vectors: ReadonlyMap<string, Meaning>, file: URL = STORED_VECTORS_FILE): void {
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

let fromFile: Map<string, StoredVector> | null = null;

/** A read-only store over the file's vectors (read once per process): what the tests' encoder looks up before encoding. */
export function storedVectorStore(vectors: Map<string, StoredVector> = (fromFile ??= readStoredVectors())): SentenceVectorStore {
  return {
    async read(model, hashes) {
      const found = new Map<string, StoredVector>();
      if (model !== SENTENCE_MODEL) return found;
      for (const h of hashes) {
        const v = vectors.get(h);
        if (v) found.set(h, v);
      }
      return found;
    },
    async write() {},
  };
}
