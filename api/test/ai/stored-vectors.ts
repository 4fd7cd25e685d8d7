import { DEMO_VECTORS_FILE, withVectorFiles } from '../../src/domain/ai/vector-file.ts';
import type { SentenceVectorStore } from '../../src/domain/ai/sentence-encoder.ts';

/**
 * The encoder's vectors of the tests' libraries, kept in the repository so that the assistant's
 * evaluations do not encode ~2,100 texts again in every run (a minute of CPU; issue 53 #6): the demo
 * seed's ship with the code (src/domain/ai/demo-vectors.bin), and this file holds the rest (the seed
 * with 300 generated articles). They are the model's own output, written by write-stored-vectors.ts;
 * sentence-vectors.test.ts encodes a sample of them again and compares. A text that is in neither
 * (a library or a model that changed) is simply encoded, as in production.
 */
export const STORED_VECTORS_FILE = new URL('./sentence-vectors.bin', import.meta.url);

/** What the tests' encoder looks up before encoding: both files, read once per process. */
export function storedVectorStore(): SentenceVectorStore {
  return withVectorFiles(null, [DEMO_VECTORS_FILE, STORED_VECTORS_FILE]);
}
