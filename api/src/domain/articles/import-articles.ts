import path from 'node:path';
import { ArticleImportSchema, type ArticleImport, type ArticleUploadOptions, type ImportedArticle, type ImportPreview, type ImportPreviewItem, type ImportResult } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import { instanceArticleConverter, type ConvertFiles } from './article-converter.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ArticleCandidate } from './article-candidate.ts';
import { articleIndex, linkTarget, settleBody, type FetchImage, type SettledBody } from './settle-body.ts';
import { planImport, previewError, previewItem, type ImportTargets, type PlannedArticle } from './plan-import.ts';
import { readUpload, type UploadContents, type UploadedFile } from './read-upload.ts';
import { IMAGE_EXTENSIONS } from './read-zip.ts';
import { importKeyOf } from './import-key.ts';

/**
 * An article the CMS holds after a write. `addressesTaken`: old addresses that already lead to
 * another article, left there. `alreadyImported`: nothing was written, an earlier import of the same
 * source file (its `importKey`) made this article.
 */
export type ArticleWritten = { id: number; addressesTaken?: string[]; alreadyImported?: boolean };

/** Where imported articles go: the CMS (with the service secret). */
export type ArticleSink = {
  /** Idempotent by `article.importKey`: a write sent twice makes one article. */
  create(article: ArticleImport): Promise<ArticleWritten>;
  importTargets(): Promise<ImportTargets>;
};
export type { FetchImage };
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
      return { thumbnail: { name: image.name, mimetype: image.mimetype, base64: image.data.toString('base64'), source: ref.url.slice(0, 2100) } };
    } catch (err) {
      return { thumbnail: null, warning: `${(err as Error).message}; imported without a picture` };
    }
  }
  const image = upload.findImage(ref.archivePath, p.candidate.file);
  if (!image) return { thumbnail: null, warning: `The picture "${ref.archivePath}" is not in the ZIP; imported without one` };
  if (image.size > MAX_THUMBNAIL_BYTES) return { thumbnail: null, warning: 'The picture is larger than 5 MB; imported without one' };
  try {
    const data = await upload.readPicture(image.name);
    return { thumbnail: { name: path.basename(image.name), mimetype: IMAGE_EXTENSIONS.get(path.extname(image.name).toLowerCase())!, base64: data.toString('base64'), source: image.name.slice(0, 2100) } };
  } catch (err) {
    return { thumbnail: null, warning: `The picture "${ref.archivePath}" could not be read (${(err as Error).message}); imported without one` };
  }
}

function toArticleImport(p: PlannedArticle, thumbnail: ArticleImport['thumbnail'], body: SettledBody): ArticleImport {
  const c = p.candidate;
  return {
    title: c.title,
    excerpt: c.excerpt,
    author: c.author,
    category: p.category?.slug,
    categoryTitle: p.category?.title,
    membershipRequired: c.membershipRequired,
    publishDate: c.publishDate,
    published: c.published,
    sourceSlug: c.sourceSlug,
    sourceSite: c.sourceSite,
    oldAddresses: p.oldAddresses.length ? p.oldAddresses.slice(0, 50) : undefined,
    tags: c.terms.tags.length ? [...new Set(c.terms.tags.map((t) => t.trim().slice(0, 100)))].slice(0, 50) : undefined,
    replaces: p.replaces,
    importKey: importKeyOf(c),
    html: c.html,
    content: body.content,
    pictures: body.pictures.length ? body.pictures : undefined,
    interactiveData: c.interactiveData ?? null,
    thumbnail,
  };
}

/** What the CMS would refuse, named by field, found before anything is sent (and in the preview). */
function refusal(article: ArticleImport): string | null {
  const parsed = ArticleImportSchema.safeParse(article);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.join('.') || 'the article'}: ${issue.message}`;
}

/** The order articles are written in: the file's, except that an article another links to is written before it, so the link can name its new page. */
function writeOrder(articles: PlannedArticle[], index: Map<string, ArticleCandidate>): PlannedArticle[] {
  const byCandidate = new Map(articles.map((p) => [p.candidate, p]));
  const done = new Set<PlannedArticle>();
  const visiting = new Set<PlannedArticle>();
  const order: PlannedArticle[] = [];
  const visit = (p: PlannedArticle) => {
    if (done.has(p) || visiting.has(p)) return;
    visiting.add(p);
    for (const href of p.candidate.body.links) {
      const target = linkTarget(href, p.candidate, index);
      const planned = target && byCandidate.get(target);
      if (planned) visit(planned);
    }
    visiting.delete(p);
    done.add(p);
    order.push(p);
  };
  articles.forEach(visit);
  return order;
}

const sum = (list: { codeBlocks: number; tables: number; pictures: number; embeds: number }[]) =>
  list.reduce((a, b) => ({ codeBlocks: a.codeBlocks + b.codeBlocks, tables: a.tables + b.tables, pictures: a.pictures + b.pictures, embeds: a.embeds + b.embeds }), { codeBlocks: 0, tables: 0, pictures: 0, embeds: 0 });

/** In a dry run, a picture named in the archive is looked for; one on the web is fetched only by the import. */
function dryRunWarnings(p: PlannedArticle, upload: UploadContents): string[] {
  const ref = p.candidate.image;
  if (ref && 'archivePath' in ref && !upload.findImage(ref.archivePath, p.candidate.file)) return [`The picture "${ref.archivePath}" is not in the ZIP; it would be imported without one`];
  return [];
}

/**
 * Imports an upload — a ZIP of Markdown/HTML articles as site generators write them, a Ghost
 * export or a WordPress export — into the CMS. With `dryRun` nothing is written and the answer
 * previews each article, after the same conversion and checks the import makes, so what it says
 * would be imported is what is imported. A file with a problem is reported and skipped; the good
 * ones still go in.
 */
export async function importArticles(admin: UserRow | null, file: UploadedFile, options: ImportOptions, deps: ImportDeps, onProgress?: ImportProgress): Promise<ImportResult | ImportPreview> {
  requirePermission(admin, 'administer');
  const upload = await readUpload(file, { includePages: options.includePages }, deps.convert ?? instanceArticleConverter());
  try {
    return await importContents(upload, file, options, deps, onProgress);
  } finally {
    upload.close();
  }
}

async function importContents(upload: UploadContents, file: UploadedFile, options: ImportOptions, deps: ImportDeps, onProgress?: ImportProgress): Promise<ImportResult | ImportPreview> {
  if (upload.candidates.length === 0 && upload.errors.length === 0) {
    throw new AppError('bad_request', file.name.toLowerCase().endsWith('.zip') ? 'The ZIP contains no Markdown or HTML articles.' : 'The export contains no posts.');
  }
  const plan = planImport(upload.candidates, await deps.sink.importTargets(), options);
  const errors = [...upload.errors, ...plan.errors];
  const skipped = [...upload.skipped, ...plan.duplicates];
  const total = upload.candidates.length + upload.errors.length;
  const index = articleIndex(plan.articles.map((p) => p.candidate));
  const order = writeOrder(plan.articles, index);

  if (options.dryRun) {
    const items: ImportPreviewItem[] = [];
    const bodies: SettledBody[] = [];
    for (const p of order) {
      const body = await settleBody(p.candidate, { upload, fetchImage: null, index, newPage: () => '/articles/1' });
      const problem = refusal(toArticleImport(p, null, body));
      if (problem) {
        errors.push({ file: p.candidate.file, message: problem });
        continue;
      }
      bodies.push(body);
      items.push({ ...previewItem(p), warnings: [...p.warnings, ...dryRunWarnings(p, upload), ...body.warnings] });
    }
    const drafts = items.filter((p) => !p.published).length;
    const message =
      `${plural(items.length, 'article')} would be imported` +
      (drafts ? ` (${drafts} unpublished)` : '') +
      '.' +
      (plan.duplicates.length ? ` ${plural(plan.duplicates.length, 'article')} already on the site would be skipped.` : '') +
      (errors.length ? ` ${plural(errors.length, 'file')} could not be imported.` : '');
    const kept = { ...sum(order.map((p) => p.candidate.body.counts)), picturesCopied: bodies.reduce((n, b) => n + b.picturesCopied, 0) };
    return { articlesImported: 0, message, preview: [...items, ...errors.map(previewError)], skipped, kept };
  }

  const warnings: { file: string; message: string }[] = [];
  const ids = new Map<ArticleCandidate, number>();
  const articles: ImportedArticle[] = [];
  const kept = new Set<ArticleCandidate>();
  let heldBefore = 0;
  let picturesCopied = 0;
  const n = order.length;
  // Thumbnails are fetched a few articles ahead; articles are written one at a time, in order, so
  // a new category is created once, a link finds the page of the article it names, and the CMS
  // takes one import write at a time (its readers keep being answered meanwhile).
  const thumbnails = new Map<number, ReturnType<typeof thumbnailOf>>();
  onProgress?.(0, n);
  for (let i = 0; i < n; i++) {
    for (let j = i; j < Math.min(n, i + LOOKAHEAD); j++) if (!thumbnails.has(j)) thumbnails.set(j, thumbnailOf(order[j]!, upload, deps.fetchImage));
    const p = order[i]!;
    const { thumbnail, warning } = await thumbnails.get(i)!;
    thumbnails.delete(i);
    const body = await settleBody(p.candidate, { upload, fetchImage: deps.fetchImage, index, newPage: (t) => (ids.has(t) ? `/articles/${ids.get(t)}` : undefined) });
    const article = toArticleImport(p, thumbnail, body);
    const problem = refusal(article);
    try {
      if (problem) throw new Error(problem);
      let written = await deps.sink.create(article);
      let replaced = Boolean(article.replaces);
      // The file was imported before (its answer lost, or the plan did not recognise the article): skipped, or updated as the admin chose.
      if (written.alreadyImported && options.onDuplicate === 'update') {
        written = await deps.sink.create({ ...article, replaces: written.id });
        replaced = true;
      }
      ids.set(p.candidate, written.id);
      if (written.alreadyImported) {
        heldBefore++;
        skipped.push({ file: p.candidate.file, reason: `already on the site as article ${written.id} (an earlier import of this file)` });
      } else {
        articles.push({ file: p.candidate.file, id: written.id, outcome: replaced ? 'updated' : 'imported' });
        kept.add(p.candidate);
        picturesCopied += body.picturesCopied;
        const taken = (written.addressesTaken ?? []).map((a) => `The old address ${a} already leads to another article; it was left there`);
        // Warnings only about what was written: an article that failed has its error alone.
        for (const message of [...(warning ? [warning] : []), ...p.addressWarnings, ...body.warnings, ...taken]) warnings.push({ file: p.candidate.file, message });
      }
    } catch (err) {
      errors.push({ file: p.candidate.file, message: (err as Error).message });
    }
    onProgress?.(i + 1, n);
  }
  const imported = articles.length;
  const updated = articles.filter((a) => a.outcome === 'updated').length;
  const onSite = plan.duplicates.length + heldBefore;
  const message =
    `Imported ${imported} of ${plural(total, 'article')}` +
    (updated ? ` (${updated} updated)` : '') +
    '.' +
    (errors.length ? ` ${errors.length} could not be imported.` : '') +
    (onSite ? ` ${onSite} already on the site ${onSite === 1 ? 'was' : 'were'} skipped.` : '');
  return { articlesImported: imported, message, articles, errors, skipped, warnings, kept: { ...sum(order.filter((p) => kept.has(p.candidate)).map((p) => p.candidate.body.counts)), picturesCopied } };
}
