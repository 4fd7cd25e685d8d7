import { parentPort, workerData } from 'node:worker_threads';
import { convertFiles, replyOf, type ConversionInput, type ConversionMessage } from './convert-files.ts';

// One conversion per thread: it names each file as it starts, answers once, and the parent stops it then or when a file takes too long.
const send = (message: ConversionMessage) => parentPort!.postMessage(message);
try {
  send({ ok: true, output: await convertFiles(workerData as ConversionInput, (file) => send({ file })) });
} catch (err) {
  send(replyOf(err));
}
