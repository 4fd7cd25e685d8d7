import path from 'node:path';
import type { ArticleImport, ArticleUploadOptions, ImportPreview, ImportResult } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import { instanceArticleConverter, type ConvertFiles } from './article-converter.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { planImport, previewError, previewItem, type ImportTargets, type PlannedArticle } from './plan-import.ts';
import { readUpload, type UploadContents, type UploadedFile } from './read-upload.ts';
import { IMAGE_EXTENSIONS } from './read-zip.ts';

/** Where imported articles go: the CMS (with the service secret). */
export type ArticleSink = {
  create(article: ArticleImport): Promise<{ id: number }>;
  importTargets(): Promise<ImportTargets>;
};
export type FetchImage = (url: string) => Promise<{ name: string; mimetype: string; data: Buffer }>;
/** `convert` defaults to this instance's worker-thread converter. */
export type ImportDeps = { sink: ArticleSink; fetchImage: FetchImage; convert?: ConvertFiles };
export type ImportOptions = ArticleUploadOptions & { dryRun: boolean };
export type ImportProgress = (done: number, total: number) => void;

const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;
/** Pictures downloaded ahead of the article being written. */
const LOOKAHEAD = 4;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function thumbnailOf(p: PlannedArticle, upload: UploadContents, fetchImage: FetchImage): Promise<{ thumbnail: ArticleImport['thumbnail']; warning?: string }> {
  const ref = p.candidate.image;
  if (!ref) return { thumbnail: null };
  if ('url' in ref) {
    try {
      const image = await fetchImage(ref.url);
      return { thumbnail: { name: image.name, mimetype: image.mimetype, base64: image.data.toString('base64') } };
    } catch (err) {
      return { thumbnail: null, warning: `${(err as Error).message}; imported without a picture` };
    }
  }
  const image = upload.findImage(ref.archivePath, p.candidate.file);
  if (!image) return { thumbnail: null, warning: `The picture "${ref.archivePath}" is not in the ZIP; imported without one` };
  if (image.data.length > MAX_THUMBNAIL_BYTES) return { thumbnail: null, warning: 'The picture is larger than 5 MB; imported without one' };
  return { thumbnail: { name: path.basename(image.name), mimetype: IMAGE_EXTENSIONS.get(path.extname(image.name).toLowerCase())!, base64: image.data.toString('base64') } };
}

function toArticleImport(p: PlannedArticle, thumbnail: ArticleImport['thumbnail']): ArticleImport {
  const c = p.candidate;
  return {
    title: c.title,
    excerpt: c.excerpt,
    author: c.author,
    category: p.category.slug,
    categoryTitle: p.category.title,
    membershipRequired: c.membershipRequired,
    publishDate: c.publishDate,
    published: c.published,
    sourceSlug: c.sourceSlug,
    sourceSite: c.sourceSite,
    oldAddresses: c.oldAddresses.length ? c.oldAddresses.slice(0, 50) : undefined,
    tags: c.terms.tags.length ? [...new Set(c.terms.tags.map((t) => t.trim().slice(0, 100)))].slice(0, 50) : undefined,
    replaces: p.replaces,
    html: c.html,
    interactiveData: c.interactiveData ?? null,
    thumbnail,
  };
}

/** In a dry run, a picture named in the archive is looked for; one on the web is fetched only by the import. */
function dryRunWarnings(p: PlannedArticle, upload: UploadContents): string[] {
  const ref = p.candidate.image;
  if (ref && 'archivePath' in ref && !upload.findImage(ref.archivePath, p.candidate.file)) return [...p.warnings, `The picture "${ref.archivePath}" is not in the ZIP; it would be imported without one`];
  return p.warnings;
}

/**
 * Imports an upload — a ZIP of Markdown/HTML articles as site generators write them, a Ghost
 * export or a WordPress export — into the CMS. With `dryRun` nothing is written and the answer
 * previews each article. A file with a problem is reported and skipped; the good ones still go in.
 */
export async function importArticles(admin: UserRow | null, file: UploadedFile, options: ImportOptions, deps: ImportDeps, onProgress?: ImportProgress): Promise<ImportResult | ImportPreview> {
  requirePermission(admin, 'administer');
  const upload = await readUpload(file, { includePages: options.includePages }, deps.convert ?? instanceArticleConverter());
  if (upload.candidates.length === 0 && upload.errors.length === 0) {
    throw new AppError('bad_request', file.name.toLowerCase().endsWith('.zip') ? 'The ZIP contains no Markdown or HTML articles.' : 'The export contains no posts.');
  }
  const plan = planImport(upload.candidates, await deps.sink.importTargets(), options);
  const errors = [...upload.errors, ...plan.errors];
  const skipped = [...upload.skipped, ...plan.duplicates];
  const total = upload.candidates.length + upload.errors.length;

  if (options.dryRun) {
    const drafts = plan.articles.filter((p) => !p.candidate.published).length;
    const message =
      `${plural(plan.articles.length, 'article')} would be imported` +
      (drafts ? ` (${drafts} unpublished)` : '') +
      '.' +
      (plan.duplicates.length ? ` ${plural(plan.duplicates.length, 'article')} already on the site would be skipped.` : '') +
      (errors.length ? ` ${plural(errors.length, 'file')} could not be imported.` : '');
    return { articlesImported: 0, message, preview: [...plan.articles.map((p) => ({ ...previewItem(p), warnings: dryRunWarnings(p, upload) })), ...errors.map(previewError)], skipped };
  }

  const warnings: { file: string; message: string }[] = [];
  let imported = 0;
  const n = plan.articles.length;
  // Pictures are fetched a few articles ahead; articles are written one at a time, in order, so a
  // new category is created once.
  const pictures = new Map<number, ReturnType<typeof thumbnailOf>>();
  onProgress?.(0, n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < Math.min(n, i + LOOKAHEAD); j++) if (!pictures.has(j)) pictures.set(j, thumbnailOf(plan.articles[j]!, upload, deps.fetchImage));
    const p = plan.articles[i]!;
    const { thumbnail, warning } = await pictures.get(i)!;
    pictures.delete(i);
    if (warning) warnings.push({ file: p.candidate.file, message: warning });
    try {
      await deps.sink.create(toArticleImport(p, thumbnail));
      imported++;
    } catch (err) {
      errors.push({ file: p.candidate.file, message: (err as Error).message });
    }
    onProgress?.(i + 1, n);
  }
  const message =
    `Imported ${imported} of ${plural(total, 'article')}.` +
    (errors.length ? ` ${errors.length} could not be imported.` : '') +
    (plan.duplicates.length ? ` ${plan.duplicates.length} already on the site ${plan.duplicates.length === 1 ? 'was' : 'were'} skipped.` : '');
  return { articlesImported: imported, message, errors, skipped, warnings };
}
