import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { noStore } from '../no-store.ts';

/** An export as a CSV download, streamed; a client that goes away mid-file ends the reading too (pipeline closes the generator). */
export async function sendCsv(res: Response, file: { filename: string; lines: AsyncIterable<string> }): Promise<void> {
  noStore(res);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  await pipeline(Readable.from(file.lines), res).catch((err: unknown) => {
    if (!res.headersSent) throw err;
  });
}
