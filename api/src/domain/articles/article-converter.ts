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

function runInWorker(input: ConversionInput, limits: ConversionLimits): Promise<ConversionOutput> {
  return new Promise((resolve, reject) => {
    // The files are copied to the thread (a transfer could detach Node's shared buffer pool).
    const worker = new Worker(WORKER, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: limits.maxMemoryMb } });
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      finish();
    };
    // The limit is per file, so a large import of small files may take as long as it needs.
    const arm = (ms: number, message: string) => {
      clearTimeout(timer);
      timer = setTimeout(() => settle(() => reject(new AppError('payload_too_large', message))), ms);
    };
    arm(Math.max(STARTUP_MS, limits.timeoutMs), `The conversion could not start in time, so the import was stopped. Please try again.`);
    worker.on('message', (message: ConversionMessage) => {
      if ('file' in message) return arm(limits.timeoutMs, `Converting “${message.file}” took longer than ${waitText(Math.round(limits.timeoutMs / 1000))}, so the import was stopped. ${SMALLER}`);
      settle(() => (message.ok ? resolve(message.output) : reject(message.error.code ? new AppError(message.error.code, message.error.message) : new Error(message.error.message))));
    });
    worker.once('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new AppError('payload_too_large', `Converting the articles needed more memory than an import may use, so the import was stopped. ${SMALLER}`) : err)),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`the conversion thread stopped with code ${code}`))));
  });
}

/**
 * Converts in a worker thread per import (issue 34): a heavy or hostile file costs that thread,
 * never the event loop, and the thread is stopped when one file passes the time limit or its heap is full. At
 * most `concurrency` conversions run on this instance; more are answered 429 with Retry-After
 * (never queued in memory, each holding its upload).
 */
export function createArticleConverter(limits: ConversionLimits = DEFAULT_CONVERSION_LIMITS): ConvertFiles {
  const slots = createInstanceSlots(limits.concurrency, { message: `Another import is being converted right now. Please try again in ${waitText(BUSY_RETRY_SECONDS)}.`, retryAfterSeconds: BUSY_RETRY_SECONDS });
  return (input) => slots.run(() => runInWorker(input, limits));
}

let shared: ConvertFiles | undefined;

/** This instance's converter: the concurrency limit holds across all its imports. */
export function instanceArticleConverter(): ConvertFiles {
  shared ??= createArticleConverter();
  return shared;
}
