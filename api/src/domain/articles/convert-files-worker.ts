import { parentPort, workerData } from 'node:worker_threads';
import { convertFiles, replyOf, type ConversionInput, type ConversionReply } from './convert-files.ts';

// One conversion per thread: it answers once, and the parent stops it then or at its time limit.
let reply: ConversionReply;
try {
  reply = { ok: true, output: await convertFiles(workerData as ConversionInput) };
} catch (err) {
  reply = replyOf(err);
}
parentPort!.postMessage(reply);
