import path from 'node:path';
import { AppError } from '../../lib/app-error.ts';
import { detectArchiveLayout, type ArchiveLayout } from './archive-layout.ts';
import { ghostExportData, readGhostExport } from './ghost-export.ts';
import { readMarkdownArticle } from './markdown-article.ts';
import type { ReadOutcome } from './read-outcome.ts';
import { ARTICLE_EXTENSIONS, EXPORT_EXTENSIONS, IMAGE_EXTENSIONS, readZip, type ZipFile } from './read-zip.ts';
import { isWordPressExport, readWordPressExport } from './wordpress-export.ts';

export type UploadedFile = { name: string; mimetype: string; data: Buffer };
export type UploadContents = ReadOutcome & {
  /** Finds an image of the archive named by an article (relative to it, to the site's root, or to its static folders). */
  findImage(ref: string, articleFile: string): ZipFile | undefined;
};

const kindOf = (file: UploadedFile) => {
  const ext = path.extname(file.name).toLowerCase();
  if (ext === '.zip' || /zip/.test(file.mimetype)) return 'zip';
  if (ext === '.json') return 'ghost';
  if (ext === '.xml') return 'wordpress';
  return null;
};

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
}

function otherFileReason(name: string): string {
  const base = path.posix.basename(name).toLowerCase();
  if (/^(_config\.ya?ml|hugo\.\w+|config\.(toml|ya?ml)|gemfile(\.lock)?|package(-lock)?\.json|astro\.config\.\w+|gatsby-\w+\.\w+|\.eleventy\.js|eleventy\.config\.\w+)$/.test(base)) return 'the site generator’s configuration';
  if (/\.(css|scss|sass|less)$/.test(base)) return 'a stylesheet';
  if (/\.(liquid|njk|hbs|tmpl|gohtml|astro|jsx?|tsx?)$/.test(base)) return 'a template or script of the site';
  if (/\.svg$/.test(base)) return 'an SVG image (not accepted: it can carry script)';
  return 'not an article, an image or an export the importer reads';
}

async function readExport(file: ZipFile | UploadedFile, includePages: boolean, insideZip: boolean): Promise<ReadOutcome | null> {
  if (path.extname(file.name).toLowerCase() === '.json') {
    const data = ghostExportData(parseJson(file.data));
    if (data) return readGhostExport(path.posix.basename(file.name), data, { includePages });
    if (insideZip) return null;
    throw new AppError('bad_request', 'The JSON file is not a Ghost export (Settings → Labs → Export).');
  }
  const xml = file.data.toString('utf8');
  if (isWordPressExport(xml)) return readWordPressExport(path.posix.basename(file.name), xml, { includePages });
  if (insideZip) return null;
  throw new AppError('bad_request', 'The XML file is not a WordPress export (Tools → Export).');
}

function imageFinder(images: Map<string, ZipFile>, layout: ArchiveLayout) {
  return (ref: string, articleFile: string) => {
    const clean = ref.split(/[?#]/)[0]!.replace(/^\.\//, '');
    const fromRoot = clean.replace(/^\/+/, '');
    const tries = [
      ...(clean.startsWith('/') ? [] : [path.posix.join(path.posix.dirname(articleFile), clean)]),
      ...['', 'static/', 'public/', 'assets/', 'src/', 'content/'].map((folder) => layout.root + folder + fromRoot),
    ];
    for (const t of tries) {
      const hit = images.get(path.posix.normalize(t));
      if (hit) return hit;
    }
    return undefined;
  };
}

/**
 * Reads an upload: a ZIP (Markdown and HTML articles of any common site generator, their images,
 * and Ghost or WordPress exports inside it), a Ghost `.json` export or a WordPress `.xml` export.
 * Structural problems refuse the upload (AppError); a bad article is an error of its own; files
 * that are not articles are skipped and listed.
 */
export async function readUpload(file: UploadedFile, opts: { includePages: boolean }): Promise<UploadContents> {
  const kind = kindOf(file);
  if (!kind) throw new AppError('bad_request', 'Please upload a ZIP file containing your articles.');
  if (kind !== 'zip') return { ...(await readExport(file, opts.includePages, false))!, findImage: () => undefined };

  const { files, others } = await readZip(file.data);
  const layout = detectArchiveLayout([...files.map((f) => f.name), ...others]);
  const images = new Map(files.filter((f) => IMAGE_EXTENSIONS.has(path.extname(f.name).toLowerCase())).map((f) => [path.posix.normalize(f.name), f]));
  const out: UploadContents = { candidates: [], errors: [], skipped: others.map((name) => ({ file: name, reason: otherFileReason(name) })), findImage: imageFinder(images, layout) };
  for (const f of files) {
    const ext = path.extname(f.name).toLowerCase();
    if (IMAGE_EXTENSIONS.has(ext)) continue;
    if (EXPORT_EXTENSIONS.has(ext)) {
      const read = await readExport(f, opts.includePages, true);
      if (!read) out.skipped.push({ file: f.name, reason: otherFileReason(f.name) });
      else {
        out.candidates.push(...read.candidates);
        out.errors.push(...read.errors);
        out.skipped.push(...read.skipped);
      }
      continue;
    }
    if (!ARTICLE_EXTENSIONS.has(ext)) continue;
    const reason = layout.notAnArticle(f.name);
    if (reason) {
      out.skipped.push({ file: f.name, reason });
      continue;
    }
    try {
      out.candidates.push(await readMarkdownArticle(f.name, f.data.toString('utf8')));
    } catch (err) {
      out.errors.push({ file: f.name, message: (err as Error).message });
    }
  }
  return out;
}
