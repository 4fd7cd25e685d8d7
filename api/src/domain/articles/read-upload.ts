import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportSkip } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { detectArchiveLayout, type ArchiveLayout } from './archive-layout.ts';
import type { ConvertFiles } from './article-converter.ts';
import type { ConversionJob } from './convert-files.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { importerFor, isSiteConfiguration } from './importers.ts';
import { sizeText } from './import-limits.ts';
import { openZip, tooBig, type ZipPicture } from './read-zip.ts';

/** An upload as it lies on disk (streamed there by the route). */
export type UploadedFile = { name: string; mimetype: string; path: string; size: number };
export type UploadContents = ReadOutcome & {
  /** Finds a picture of the archive named by an article (relative to it, to the site's root, or to its static folders). */
  findImage(ref: string, articleFile: string): ZipPicture | undefined;
  /** Unpacks a picture found by `findImage`. */
  readPicture(name: string): Promise<Buffer>;
  /** Lets go of the archive (its file stays for the caller to remove). */
  close(): void;
};

const isZip = (file: UploadedFile) => path.extname(file.name).toLowerCase() === '.zip' || /zip/.test(file.mimetype);

function otherFileReason(name: string): string {
  if (isSiteConfiguration(name)) return 'the site generator’s configuration';
  const base = path.posix.basename(name).toLowerCase();
  if (/\.(css|scss|sass|less)$/.test(base)) return 'a stylesheet';
  if (/\.(liquid|njk|hbs|tmpl|gohtml|astro|jsx?|tsx?)$/.test(base)) return 'a template or script of the site';
  return 'not an article, an image or an export the importer reads';
}

function imageFinder(images: Map<string, ZipPicture>, layout: ArchiveLayout) {
  return (ref: string, articleFile: string) => {
    const clean = ref.split(/[?#]/)[0]!.replace(/^\.\//, '');
    const fromRoot = clean.replace(/^\/+/, '');
    const tries = [
      ...(clean.startsWith('/') ? [] : [path.posix.join(path.posix.dirname(articleFile), clean)]),
      ...[...layout.webRoots, ...['', 'static/', 'public/', 'assets/', 'src/', 'content/'].map((f) => layout.root + f)].map((folder) => folder + fromRoot),
    ];
    for (const t of tries) {
      const hit = images.get(path.posix.normalize(t));
      if (hit) return hit;
    }
    return undefined;
  };
}

/**
 * Reads an upload: a ZIP (a site generator's repository or a folder of Markdown and HTML articles,
 * a Medium export, their images, and Ghost or WordPress exports inside it), a Ghost `.json`
 * export or a WordPress `.xml` export. The archive is read here: the importer that claims it reads
 * the files it takes, by its rules, and every other file goes to the importer its extension names
 * (importers.ts). Its articles and exports are converted by `convert` (in a worker thread).
 * Structural problems refuse the upload (AppError); a bad article is an error of its own; files
 * that are not articles are skipped and listed, in the archive's order.
 */
export async function readUpload(file: UploadedFile, opts: { includePages: boolean }, convert: ConvertFiles): Promise<UploadContents> {
  if (!isZip(file)) {
    // An export may come on its own; anything else comes in a ZIP.
    const importer = importerFor(file.name);
    if (!importer?.notOne) throw new AppError('bad_request', 'Please upload a ZIP file containing your articles.');
    if (file.size > importer.cap.bytes) throw new AppError('payload_too_large', `Refused "${file.name}": ${importer.cap.what} may be at most ${sizeText(importer.cap.bytes)}, and this one is ${sizeText(file.size)}.`);
    const [read] = await convert({ jobs: [{ name: file.name, importer: importer.id, insideZip: false, data: await readFile(file.path) }], includePages: opts.includePages });
    return { ...read!, findImage: () => undefined, readPicture: () => Promise.reject(new Error('no pictures beside a lone export')), close: () => undefined };
  }

  const zip = await openZip(file.path);
  try {
    return await readArchive(zip, opts, convert);
  } catch (err) {
    zip.close();
    throw err;
  }
}

async function readArchive(zip: Awaited<ReturnType<typeof openZip>>, opts: { includePages: boolean }, convert: ConvertFiles): Promise<UploadContents> {
  const { files, others, pictures } = zip;
  const configs = new Map(files.filter((f) => isSiteConfiguration(f.name)).map((f) => [f.name, f.data.toString('utf8')]));
  const layout = detectArchiveLayout({ names: [...files.map((f) => f.name), ...[...pictures.values()].map((p) => p.name), ...others], text: (n) => configs.get(n) });
  // Each file in order: converted (a job; `claimed`: by the archive's rules), or skipped here with its reason.
  const steps: ({ job: ConversionJob & { data: Buffer }; claimed: boolean } | { skip: ImportSkip })[] = [];
  for (const f of files) {
    const reader = layout.readerOf(f.name);
    if (!reader) continue;
    const reason = reader.claimed ? layout.notAnArticle(f.name) : null;
    if (reason) {
      steps.push({ skip: { file: f.name, reason } });
      continue;
    }
    // The ZIP reader held the file to the cap of the importer its extension names; a claimer has its own.
    if (f.data.length > reader.importer.cap.bytes) throw tooBig(f.name, reader.importer.cap, f.data.length);
    steps.push({ job: { name: f.name, importer: reader.importer.id, insideZip: true, data: f.data }, claimed: reader.claimed });
  }
  const jobs = steps.flatMap((s) => ('job' in s ? [s.job] : []));
  const converted = jobs.length ? await convert({ jobs, includePages: opts.includePages }) : [];
  const out: UploadContents = {
    candidates: [],
    errors: [],
    skipped: others.map((name) => ({ file: name, reason: otherFileReason(name) })),
    findImage: imageFinder(pictures, layout),
    readPicture: zip.readPicture,
    close: zip.close,
  };
  let next = 0;
  for (const step of steps) {
    if ('skip' in step) {
      out.skipped.push(step.skip);
      continue;
    }
    const read = converted[next++];
    if (!read) out.skipped.push({ file: step.job.name, reason: otherFileReason(step.job.name) });
    else {
      for (const c of read.candidates) {
        const settled = step.claimed ? layout.settle(c) : c;
        if ('reason' in settled) out.skipped.push(settled);
        else out.candidates.push(settled);
      }
      out.errors.push(...read.errors);
      out.skipped.push(...read.skipped);
    }
  }
  return out;
}
