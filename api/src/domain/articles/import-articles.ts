import { ArticleImportSchema, type ArticleImport, type PictureLeftOut, type ArticleUploadOptions, type ImportedArticle, type ImportPreview, type ImportPreviewItem, type ImportResult } from '@app/shared/schemas';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import { instanceArticleConverter, type ConvertFiles } from './article-converter.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import type { ArticleCandidate } from './article-candidate.ts';
import { articleIndex, gatherPictures, linkTarget, readPictureAt, settleBody, type FetchImage, type GatheredPictures, type SettledBody } from './settle-body.ts';
import { planImport, previewError, previewItem, type ImportTargets, type PlannedArticle } from './plan-import.ts';
import { readUpload, type UploadContents, type UploadedFile } from './read-upload.ts';
import { importKeyOf } from './import-key.ts';

/**
 * An article the CMS holds after a write. `addressesTaken`: old addresses that already lead to
 * another article, left there. `alreadyImported`: nothing was written, an earlier import of the same
 * source file (its `importKey`) made this article.
 */
export type ArticleWritten = { id: number; addressesTaken?: string[]; alreadyImported?: boolean; picturesLeftOut?: PictureLeftOut[] };

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
/** Articles whose pictures are read or fetched ahead of the one being written (or previewed). */
const LOOKAHEAD = 4;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Thumbnail = { thumbnail: ArticleImport['thumbnail']; warning?: string };

/** The article's own picture, read or fetched and checked (settle-body.ts); left out with a warning naming it when the CMS could not store it. */
async function thumbnailOf(p: PlannedArticle, upload: UploadContents, fetchImage: FetchImage): Promise<Thumbnail> {
  const ref = p.candidate.image;
  if (!ref) return { thumbnail: null };
  const read = await readPictureAt(ref, p.candidate.file, { upload, fetchImage }, MAX_THUMBNAIL_BYTES);
  if ('picture' in read) return { thumbnail: read.picture };
  return { thumbnail: null, warning: `${read.problem}; ${read.fetch ? 'imported without a picture' : 'imported without one'}` };
}

/** An article's pictures, gathered ahead of its turn. */
type Pictures = { thumbnail: Thumbnail; body: GatheredPictures };

/**
 * One article as it would be sent to the CMS, with everything the CMS would refuse found first:
 * the same for the preview and the import (issue 49 #6), so the preview shows exactly the warnings
 * and refusals the import gives. `warnings`: about the article as it will be written (its
 * reading, old addresses, pictures, shortened fields, links), in the preview and the import's
 * report alike. `problem`: why the CMS could not take it.
 */
type Prepared = { article: ArticleImport; warnings: string[]; problem: null; picturesCopied: number } | { problem: string };

function prepareArticle(p: PlannedArticle, pictures: Pictures, ctx: { index: Map<string, ArticleCandidate>; newPage(target: ArticleCandidate): string | undefined }): Prepared {
  let body: SettledBody;
  try {
    body = settleBody(p.candidate, pictures.body, ctx);
  } catch (err) {
    return { problem: (err as Error).message };
  }
  const article = toArticleImport(p, pictures.thumbnail.thumbnail, body);
  const problem = refusal(article);
  if (problem) return { problem };
  const warnings = [...p.candidate.warnings, ...p.addressWarnings, ...(pictures.thumbnail.warning ? [pictures.thumbnail.warning] : []), ...body.warnings];
  return { article, warnings, problem: null, picturesCopied: body.picturesCopied };
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

  // Pictures are read or fetched a few articles ahead; articles are prepared (and written) one at
  // a time, in order, so a new category is created once, a link finds the page of the article it
  // names, and the CMS takes one import write at a time (its readers keep being answered meanwhile).
  const gathering = new Map<number, Promise<Pictures>>();
  const picturesOf = (i: number): Promise<Pictures> => {
    for (let j = i; j < Math.min(order.length, i + LOOKAHEAD); j++) {
      if (!gathering.has(j)) {
        const p = order[j]!;
        gathering.set(j, Promise.all([thumbnailOf(p, upload, deps.fetchImage), gatherPictures(p.candidate, { upload, fetchImage: deps.fetchImage })]).then(([thumbnail, body]) => ({ thumbnail, body })));
      }
    }
    const got = gathering.get(i)!;
    gathering.delete(i);
    return got;
  };

  if (options.dryRun) {
    const items: ImportPreviewItem[] = [];
    let picturesCopied = 0;
    for (let i = 0; i < order.length; i++) {
      const p = order[i]!;
      // Every article that would be written has a page by then: a placeholder stands for it.
      const prepared = prepareArticle(p, await picturesOf(i), { index, newPage: () => '/articles/1' });
      if (prepared.problem !== null) {
        errors.push({ file: p.candidate.file, message: prepared.problem });
        continue;
      }
      picturesCopied += prepared.picturesCopied;
      const notes = p.warnings.filter((w) => !prepared.warnings.includes(w));
      const needsDate = prepared.article.publishDate === null;
      items.push({ ...previewItem(p), publishDate: prepared.article.publishDate ?? null, ...(needsDate ? { needsDate } : {}), warnings: [...prepared.warnings, ...notes] });
    }
    const drafts = items.filter((p) => !p.published).length;
    const message =
      `${plural(items.length, 'article')} would be imported` +
      (drafts ? ` (${drafts} unpublished)` : '') +
      '.' +
      (plan.duplicates.length ? ` ${plural(plan.duplicates.length, 'article')} already on the site would be skipped.` : '') +
      (errors.length ? ` ${plural(errors.length, 'file')} could not be imported.` : '');
    const kept = { ...sum(order.map((p) => p.candidate.body.counts)), picturesCopied };
    return { articlesImported: 0, message, preview: [...items, ...errors.map(previewError)], skipped, kept };
  }

  const warnings: { file: string; message: string }[] = [];
  const ids = new Map<ArticleCandidate, number>();
  const articles: ImportedArticle[] = [];
  const kept = new Set<ArticleCandidate>();
  let heldBefore = 0;
  let picturesCopied = 0;
  const n = order.length;
  onProgress?.(0, n);
  for (let i = 0; i < n; i++) {
    const p = order[i]!;
    const prepared = prepareArticle(p, await picturesOf(i), { index, newPage: (t) => (ids.has(t) ? `/articles/${ids.get(t)}` : undefined) });
    try {
      if (prepared.problem !== null) throw new Error(prepared.problem);
      const { article } = prepared;
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
        const leftOut = written.picturesLeftOut ?? [];
        picturesCopied += prepared.picturesCopied - leftOut.length;
        const taken = (written.addressesTaken ?? []).map((a) => `The old address ${a} already leads to another article; it was left there`);
        const unstored = leftOut.map((l) => `The picture "${l.source ?? l.name}" could not be stored (${l.reason}); left out`);
        // Warnings only about what was written: an article that failed has its error alone.
        for (const message of [...prepared.warnings, ...unstored, ...taken]) warnings.push({ file: p.candidate.file, message });
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
