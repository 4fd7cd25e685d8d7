import { AppError, type ErrorCode } from '../../lib/app-error.ts';
import { importerById } from './importers.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { decodeText } from './text-encoding.ts';

/** One file of an upload to turn into articles, by the importer that takes it (importers.ts); `insideZip` for an export found in a ZIP. */
export type ConversionJob = { name: string; importer: string; insideZip: boolean };
export type ConversionInput = { jobs: (ConversionJob & { data: Uint8Array })[]; includePages: boolean };
/** Per job, in order: what it gave, or null for a file inside a ZIP that is not one of its importer's exports. */
export type ConversionOutput = (ReadOutcome | null)[];


/**
 * The conversion proper — parsing and rendering to sanitized HTML, the import's costly part — run
 * in a worker thread (article-converter.ts). A bad article is an error of its own; a structural
 * problem (a lone upload that is not an export) refuses the upload.
 */
export async function convertFiles(input: ConversionInput, onFile?: (name: string) => void): Promise<ConversionOutput> {
  const out: ConversionOutput = [];
  for (const job of input.jobs) {
    onFile?.(job.name);
    const importer = importerById(job.importer);
    if (!importer) throw new Error(`no importer named ${job.importer}`);
    let file;
    try {
      const decoded = decodeText(job.data);
      file = { name: job.name, source: decoded.text, notes: decoded.note ? [decoded.note] : [] };
    } catch (err) {
      if (!job.insideZip) throw new AppError('bad_request', `"${job.name}": ${(err as Error).message}.`);
      out.push({ candidates: [], errors: [{ file: job.name, message: (err as Error).message }], skipped: [] });
      continue;
    }
    if (importer.kind === 'export') {
      const read = await importer.read(file, { includePages: input.includePages });
      if (!read && !job.insideZip) throw new AppError('bad_request', importer.notOne ?? 'This file is not an export the importer reads.');
      out.push(read);
      continue;
    }
    try {
      out.push(await importer.read(file, { includePages: input.includePages }));
    } catch (err) {
      out.push({ candidates: [], errors: [{ file: job.name, message: (err as Error).message }], skipped: [] });
    }
  }
  return out;
}

/** The worker's last message: the output, or why it failed (an AppError keeps its code across the thread). */
export type ConversionReply = { ok: true; output: ConversionOutput } | { ok: false; error: { code?: ErrorCode; message: string } };
/** The worker's messages: each file as it starts (the time limit is per file), then its reply. */
export type ConversionMessage = { file: string } | ConversionReply;

export function replyOf(err: unknown): ConversionReply {
  return { ok: false, error: err instanceof AppError ? { code: err.code, message: err.message } : { message: err instanceof Error ? err.message : String(err) } };
}
