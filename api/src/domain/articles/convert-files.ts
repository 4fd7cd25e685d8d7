import path from 'node:path';
import { AppError, type ErrorCode } from '../../lib/app-error.ts';
import { ghostExportData, readGhostExport } from './ghost-export.ts';
import { readMarkdownArticle } from './markdown-article.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { isWordPressExport, readWordPressExport } from './wordpress-export.ts';

/**
 * One file of an upload to turn into articles: a Markdown/HTML article, or a Ghost/WordPress
 * export (on its own, or inside a ZIP, where a JSON or XML file that is no export is passed over).
 */
export type ConversionJob = { name: string; kind: 'article' } | { name: string; kind: 'export'; insideZip: boolean };
export type ConversionInput = { jobs: (ConversionJob & { data: Uint8Array })[]; includePages: boolean };
/** Per job, in order: what it gave, or null for a file inside a ZIP that is not an export. */
export type ConversionOutput = (ReadOutcome | null)[];

const text = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');

function parseJson(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch {
    return null;
  }
}

async function readExport(name: string, source: string, includePages: boolean, insideZip: boolean): Promise<ReadOutcome | null> {
  if (path.extname(name).toLowerCase() === '.json') {
    const data = ghostExportData(parseJson(source));
    if (data) return readGhostExport(path.posix.basename(name), data, { includePages });
    if (insideZip) return null;
    throw new AppError('bad_request', 'The JSON file is not a Ghost export (Settings → Labs → Export).');
  }
  if (isWordPressExport(source)) return readWordPressExport(path.posix.basename(name), source, { includePages });
  if (insideZip) return null;
  throw new AppError('bad_request', 'The XML file is not a WordPress export (Tools → Export).');
}

/**
 * The conversion proper — parsing and rendering to sanitized HTML, the import's costly part — run
 * in a worker thread (article-converter.ts). A bad article is an error of its own; a structural
 * problem (a lone upload that is not an export) refuses the upload.
 */
export async function convertFiles(input: ConversionInput): Promise<ConversionOutput> {
  const out: ConversionOutput = [];
  for (const job of input.jobs) {
    if (job.kind === 'export') {
      out.push(await readExport(job.name, text(job.data), input.includePages, job.insideZip));
      continue;
    }
    try {
      out.push({ candidates: [await readMarkdownArticle(job.name, text(job.data))], errors: [], skipped: [] });
    } catch (err) {
      out.push({ candidates: [], errors: [{ file: job.name, message: (err as Error).message }], skipped: [] });
    }
  }
  return out;
}

/** The worker's one message: the output, or why it failed (an AppError keeps its code across the thread). */
export type ConversionReply = { ok: true; output: ConversionOutput } | { ok: false; error: { code?: ErrorCode; message: string } };

export function replyOf(err: unknown): ConversionReply {
  return { ok: false, error: err instanceof AppError ? { code: err.code, message: err.message } : { message: err instanceof Error ? err.message : String(err) } };
}
