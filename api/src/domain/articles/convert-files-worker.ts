import { parentPort } from 'node:worker_threads';
import { convertFiles, replyOf, type ConversionInput, type ConversionMessage } from './convert-files.ts';

// A conversion per message, one at a time: it names each file as it starts and answers once. The
// parent keeps the thread for the next import while it is healthy, and stops it when a file takes
// too long, its heap is full, or it has been idle a while (article-converter.ts).
const send = (message: ConversionMessage) => parentPort!.postMessage(message);
parentPort!.on('message', async (input: ConversionInput) => {
  try {
    send({ ok: true, output: await convertFiles(input, (file) => send({ file })) });
  } catch (err) {
    send(replyOf(err));
  }
});
