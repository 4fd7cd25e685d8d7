import { Worker } from 'node:worker_threads';
import { AppError } from '../../lib/app-error.ts';
import { createInstanceSlots } from '../../lib/instance-slots.ts';
import { waitText } from '../rate-limit/attempts.ts';
import type { ConversionInput, ConversionMessage, ConversionOutput } from './convert-files.ts';
import { DEFAULT_CONVERSION_LIMITS, type ConversionLimits } from './import-limits.ts';

/** Turns an upload's files into articles, off the API's event loop. */
export type ConvertFiles = (input: ConversionInput) => Promise<ConversionOutput>;

const WORKER = new URL('./convert-files-worker.ts', import.meta.url);
/** A conversion takes seconds; a busy instance asks to come back after this. */
const BUSY_RETRY_SECONDS = 30;
const SMALLER = 'Import fewer or smaller files at a time.';

/** Loading the conversion's modules in a fresh thread, before its first file. */
const STARTUP_MS = 30_000;
/** A thread left from the last import is kept this long for the next one, then stopped. */
const KEEP_IDLE_MS = 60_000;
/** …unless its heap holds more than this after answering. */
const KEEP_HEAP_BYTES = 128 * 1024 * 1024;

/**
 * The instance's conversion threads. A thread that answered is kept for the next import for a while,
 * sparing it the second or so of loading the conversion's modules; one that was stopped (a file past
 * its time, a full heap) or that stopped by itself is never used again.
 */
function createThreads(limits: ConversionLimits) {
  // Listeners are removed one by one: a Worker has listeners of Node's own (removeAllListeners would
  // take them too, and the thread's messages would stop arriving).
  const idle: { worker: Worker; timer?: NodeJS.Timeout; drop: () => void }[] = [];
  let started = 0;
  const take = () => {
    const kept = idle.pop();
    if (!kept) return (started += 1), { worker: new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb } }), fresh: true };
    clearTimeout(kept.timer);
    kept.worker.off('error', kept.drop).off('exit', kept.drop);
    kept.worker.ref();
    return { worker: kept.worker, fresh: false };
  };
  /** Called with the thread's own listeners removed. */
  const keep = (worker: Worker) => {
    worker.unref();
    const kept: (typeof idle)[number] = {
      worker,
      drop: () => {
        if (!idle.includes(kept)) return;
        idle.splice(idle.indexOf(kept), 1);
        clearTimeout(kept.timer);
        void worker.terminate();
      },
    };
    kept.timer = setTimeout(kept.drop, KEEP_IDLE_MS).unref();
    worker.once('error', kept.drop).once('exit', kept.drop);
    idle.push(kept);
    // A thread whose heap a large import filled is not held idle with it.
    void worker.getHeapStatistics().then(
      (heap) => heap.used_heap_size > KEEP_HEAP_BYTES && kept.drop(),
      kept.drop,
    );
  };
  return { take, keep, started: () => started };
}

function runInWorker(threads: ReturnType<typeof createThreads>, input: ConversionInput, limits: ConversionLimits): Promise<ConversionOutput> {
  return new Promise((resolve, reject) => {
    const { worker, fresh } = threads.take();
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    /** `healthy`: the thread answered, so it may convert the next import. */
    const settle = (finish: () => void, healthy = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      if (healthy) threads.keep(worker);
      else void worker.terminate();
      finish();
    };
    // The limit is per file, so a large import of small files may take as long as it needs.
    const arm = (ms: number, message: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => settle(() => reject(new AppError('payload_too_large', message))), ms);
    };
    arm(fresh ? Math.max(STARTUP_MS, limits.timeoutMs) : limits.timeoutMs, `The conversion could not start in time, so the import was stopped. Please try again.`);
    const onMessage = (message: ConversionMessage) => {
      if ('file' in message) return arm(limits.timeoutMs, `Converting “${message.file}” took longer than ${waitText(Math.round(limits.timeoutMs / 1000))}, so the import was stopped. ${SMALLER}`);
      settle(() => (message.ok ? resolve(message.output) : reject(message.error.code ? new AppError(message.error.code, message.error.message) : new Error(message.error.message))), true);
    };
    const onError = (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('payload_too_large', `Converting the articles needed more memory than an import may use, so the import was stopped. ${SMALLER}`) : err));
    const onExit = (code: number) => settle(() => reject(new Error(`the conversion thread stopped with code ${code}`)));
    worker.on('message', onMessage).once('error', onError).once('exit', onExit);
    // The files are copied to the thread (a transfer could detach Node's shared buffer pool).
    worker.postMessage(input);
  });
}

/**
 * Converts in a worker thread (issue 34): a heavy or hostile file costs that thread, never the
 * event loop, and the thread is stopped when one file passes the time limit or its heap is full. At
 * most `concurrency` conversions run on this instance; more are answered 429 with Retry-After
 * (never queued in memory, each holding its upload).
 */
export function createArticleConverter(limits: ConversionLimits = DEFAULT_CONVERSION_LIMITS): ConvertFiles & { readonly threadsStarted: number } {
  const slots = createInstanceSlots(limits.concurrency, { message: `Another import is being converted right now. Please try again in ${waitText(BUSY_RETRY_SECONDS)}.`, retryAfterSeconds: BUSY_RETRY_SECONDS });
  const threads = createThreads(limits);
  const convert = (input: ConversionInput) => slots.run(() => runInWorker(threads, input, limits));
  /** How many threads this converter has started (a kept thread converts without a new one). */
  return Object.defineProperty(convert, 'threadsStarted', { get: threads.started }) as typeof convert & { readonly threadsStarted: number };
}

let shared: ConvertFiles | undefined;

/** This instance's converter: the concurrency limit holds across all its imports. */
export function instanceArticleConverter(): ConvertFiles {
  shared ??= createArticleConverter();
  return shared;
}
