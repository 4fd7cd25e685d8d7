import { z } from 'zod';
import { TierSchema } from './content.ts';

/** Where a picture came from (its address, or its path in the archive): an update replaces the article's picture from there instead of adding a copy. */
const PictureSourceSchema = z.string().min(1).max(2100).optional();

/**
 * One validated, sanitized article of an import (a ZIP of Markdown/HTML, a Ghost export or a
 * WordPress export), as the API hands it to the CMS (POST /cms/api/articles/service-import).
 * The CMS parses its body with this same schema.
 */
export const ArticleImportSchema = z
  .object({
    /** Empty only for a draft (one saved before its title was typed comes back untitled). */
    title: z.string().max(200),
    excerpt: z.string().max(600).optional(),
    author: z.string().max(100).optional(),
    /** Missing only for a draft (one saved before its category was chosen comes back without one). */
    category: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/).optional(),
    /** The title of a category created by this import (else made from the slug). */
    categoryTitle: z.string().min(1).max(100).optional(),
    membershipRequired: TierSchema,
    /**
     * When it was published at its source. Null: the source's date is not a date (30 February, month
     * 13, unreadable), so the article comes in as a draft that needs one (issue 49 #6) — never dated
     * the day of the import. Missing: the source gives none, and the CMS dates it the day it is written.
     */
    publishDate: z.iso.datetime({ offset: true }).nullable().optional(),
    /** Drafts at the source arrive unpublished: kept in the CMS, not shown on the site. */
    published: z.boolean().default(true),
    /** The article's slug where it came from; a re-import matches it (with `sourceSite`). */
    sourceSlug: z.string().min(1).max(200).optional(),
    /** The old site's origin ("https://blog.example.com"), when its export or configuration says: a slug is judged within its site. */
    sourceSite: z.string().max(200).optional(),
    /** The paths the old site served the article at (its permalink, aliases, export link), for redirects to its new page. */
    oldAddresses: z.array(z.string().min(1).max(500).startsWith('/')).max(50).optional(),
    /** The article's tags at its source (the category aside), kept where the content model has tags. */
    tags: z.array(z.string().min(1).max(100)).max(50).optional(),
    /** Overwrite this article (a re-import whose admin chose "update") instead of creating one. */
    replaces: z.number().int().positive().optional(),
    /**
     * The source file's key (import-key.ts): the CMS stores it on the article, and a write whose key an
     * article already holds answers that article instead of making a second one, so a retry after a
     * lost answer, or a write that arrives late, never duplicates.
     */
    importKey: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    /** The sanitized HTML of the body (what the preview and the excerpt read); empty only for a draft. */
    html: z.string().max(2_000_000),
    /**
     * The body as the CMS stores it (content-nodes.ts), except that each picture is an
     * `import-picture` node naming its place in `pictures`: the CMS makes the Media documents and
     * puts upload nodes there (lexical-from-html.ts).
     */
    content: z.object({ root: z.object({ type: z.literal('root'), children: z.array(z.looseObject({ type: z.string() })) }).loose() }),
    /** The body's pictures, in the order its `import-picture` nodes name them. */
    pictures: z
      .array(z.object({ name: z.string().min(1).max(255), mimetype: z.string().regex(/^image\//), base64: z.string().max(7_000_000), alt: z.string().min(1).max(300), source: PictureSourceSchema }))
      .max(100)
      .optional(),
    interactiveData: z.record(z.string(), z.unknown()).nullable().optional(),
    thumbnail: z
      .object({ name: z.string().min(1).max(255), mimetype: z.string().regex(/^image\//), base64: z.string().max(7_000_000), source: PictureSourceSchema })
      .nullable()
      .optional(),
  })
  // A draft is kept as it stands (issue 47 #8); what is published needs a title, a category and a body.
  .superRefine((a, ctx) => {
    if (!a.published) return;
    if (!a.title.trim()) ctx.addIssue({ code: 'custom', path: ['title'], message: 'a published article needs a title' });
    if (!a.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'a published article needs a category' });
    if (!a.html.trim() || a.content.root.children.length === 0) ctx.addIssue({ code: 'custom', path: ['content'], message: 'a published article needs a body' });
    if (a.publishDate === null) ctx.addIssue({ code: 'custom', path: ['publishDate'], message: 'a published article needs a date' });
  });
export type ArticleImport = z.input<typeof ArticleImportSchema>;

/** What the admin chooses in the upload form (multipart fields beside `file`). */
export const ArticleUploadOptionsSchema = z.object({
  /** Articles already on the site (same source slug, or same title and date): skipped or updated. */
  onDuplicate: z.enum(['skip', 'update']).default('skip'),
  /** The category of articles that declare none and have no tag that is a category here. */
  defaultCategory: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'defaultCategory must be a category slug such as "time-management"')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Ghost and WordPress pages are skipped unless the admin asks for them. */
  includePages: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type ArticleUploadOptions = z.output<typeof ArticleUploadOptionsSchema>;

/** A picture the CMS could not store (its storage failed, or its bytes would not decode): the article was written without it. */
export type PictureLeftOut = { name: string; source?: string; reason: string };

/** A file (or an item of an export) the import did not handle, and why. */
export type ImportSkip = { file: string; reason: string };

/** One article of a dry run: what would be written. */
export type ImportPreviewItem = {
  file: string;
  title: string;
  category: string;
  membershipRequired: z.infer<typeof TierSchema>;
  publishDate: string | null;
  /** The source's date is not a date: the article comes in as a draft that needs one (issue 49 #6). */
  needsDate?: boolean;
  published: boolean;
  warnings: string[];
  error?: string;
};

/** What the bodies of an import held and kept: code blocks, tables, pictures (and those copied into Media), video embeds. */
export type ImportKept = { codeBlocks: number; tables: number; pictures: number; embeds: number; picturesCopied: number };

/** An article the import wrote: made new, or an article of the site overwritten (the admin chose "update"). */
export type ImportedArticle = { file: string; id: number; outcome: 'imported' | 'updated' };

/**
 * POST /api/admin/articles/upload's answer: what the CMS holds afterwards. Each article of the upload
 * is in one list: written (`articles`), skipped (already on the site, or not an article), or refused
 * (`errors`, with the reason).
 */
export type ImportResult = {
  /** The articles written, updates included (`articles.length`). */
  articlesImported: number;
  message: string;
  articles?: ImportedArticle[];
  errors: { file: string; message: string }[];
  skipped: ImportSkip[];
  /** Imported, with something left behind (a picture that could not be fetched). */
  warnings?: { file: string; message: string }[];
  kept?: ImportKept;
};

/** POST /api/admin/articles/upload?dryRun=true's answer: nothing written. */
export type ImportPreview = { articlesImported: 0; message: string; preview: ImportPreviewItem[]; skipped: ImportSkip[]; kept?: ImportKept };

/**
 * With `Accept: application/x-ndjson` the upload answers one JSON line per step — `{ progress: { done,
 * total } }` while articles are written — and ends with `{ result }` or `{ error: { status, message } }`.
 */
export type ImportProgressLine = { progress: { done: number; total: number } } | { result: ImportResult | ImportPreview } | { error: { status: number; message: string } };
