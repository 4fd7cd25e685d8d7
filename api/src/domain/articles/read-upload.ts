import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportSkip } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { detectArchiveLayout, isSiteConfiguration, type ArchiveLayout } from './archive-layout.ts';
import type { ArticleCandidate } from './article-candidate.ts';
import type { ConvertFiles } from './article-converter.ts';
import type { ConversionJob } from './convert-files.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { importerFor } from './importers.ts';
import { sizeText } from './import-limits.ts';
import { openZip, type ZipPicture } from './read-zip.ts';

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
  const base = path.posix.basename(name).toLowerCase();
  if (/^(_config\.ya?ml|hugo\.\w+|config\.(toml|ya?ml)|gemfile(\.lock)?|package(-lock)?\.json|astro\.config\.\w+|gatsby-\w+\.\w+|\.eleventy\.js|eleventy\.config\.\w+)$/.test(base)) return 'the site generator’s configuration';
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

const strings = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).filter((s): s is string => typeof s === 'string' && s.trim() !== '');

/** Addresses a file's front matter names outright (any generator): `permalink`, `url`, `aliases`, `redirect_from`. */
function frontMatterAddresses(c: ArticleCandidate): string[] {
  const fm = c.frontMatter ?? {};
  return [...strings(fm.permalink), ...strings(fm.url), ...strings(fm.aliases), ...strings(fm.redirect_from)]
    .filter((a) => !/[{%:]/.test(a.replace(/^https?:\/\//, '')))
    .map((a) => {
      try {
        return /^https?:\/\//.test(a) ? new URL(a).pathname : a.startsWith('/') ? a : `/${a}`;
      } catch {
        return '';
      }
    })
    .filter(Boolean);
}

/**
 * An article file as its site generator sees it: a page after all (its front matter says so:
 * a skip), or a post with the categories its place gives, without the tags that only sort it into
 * the generator's collections, and with the addresses the old site served it at.
 */
function settle(c: ArticleCandidate, layout: ArchiveLayout): ArticleCandidate | ImportSkip {
  const facts = { file: c.file, frontMatter: c.frontMatter ?? {}, slug: c.sourceSlug, title: c.title, publishDate: c.publishDate, categories: c.terms.categories };
  const page = layout.pageByFrontMatter?.(facts);
  if (page) return { file: c.file, reason: page };
  const categories = [...new Set([...(layout.pathCategories?.(c.file) ?? []), ...c.terms.categories])];
  const collectionTags = layout.collectionTags ?? [];
  const tags = c.terms.tags.filter((t) => !collectionTags.includes(t.toLowerCase()));
  const oldAddresses = [...new Set([...layout.addresses({ ...facts, categories }), ...frontMatterAddresses(c)])];
  return { ...c, terms: { categories, tags }, oldAddresses, sourceSite: c.sourceSite ?? layout.site, frontMatter: undefined };
}

/**
 * Reads an upload: a ZIP (Markdown and HTML articles of any common site generator, their images,
 * and Ghost or WordPress exports inside it), a Ghost `.json` export or a WordPress `.xml` export.
 * The archive is read here; its articles and exports are converted by `convert` (in a worker
 * thread). Structural problems refuse the upload (AppError); a bad article is an error of its
 * own; files that are not articles are skipped and listed, in the archive's order.
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
  // Each file in order: converted (a job), or skipped here with its reason.
  const steps: ({ job: ConversionJob & { data: Buffer } } | { skip: ImportSkip })[] = [];
  for (const f of files) {
    const importer = importerFor(f.name);
    if (!importer) continue;
    const reason = importer.kind === 'article' ? layout.notAnArticle(f.name) : null;
    steps.push(reason ? { skip: { file: f.name, reason } } : { job: { name: f.name, importer: importer.id, insideZip: true, data: f.data } });
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
        const settled = step.job.importer === 'markdown' ? settle(c, layout) : c;
        if ('reason' in settled) out.skipped.push(settled);
        else out.candidates.push(settled);
      }
      out.errors.push(...read.errors);
      out.skipped.push(...read.skipped);
    }
  }
  return out;
}
