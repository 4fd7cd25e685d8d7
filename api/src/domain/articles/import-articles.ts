import path from 'node:path';
import { InteractiveDataSchema, TierSchema, type ArticleImport, type ImportResult } from '@app/shared/schemas';
import matter from 'gray-matter';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { requirePermission } from '../accounts/permissions.ts';
import type { UserRow } from '../accounts/user-dto.ts';
import { ARTICLE_EXTENSIONS, IMAGE_EXTENSIONS, readZip, type ZipFile } from './read-zip.ts';
import { renderArticleHtml } from './render-article-html.ts';

/** Frontmatter of an imported article. */
export const FrontmatterSchema = z.object({
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(200),
  excerpt: z.string().trim().max(600).optional(),
  category: z
    .string({ error: 'category is required' })
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'category must be a slug such as "time-management"'),
  author: z.string().trim().max(100).optional(),
  membershipRequired: TierSchema.default('free'),
  publishDate: z.coerce.date().optional(),
  thumbnail: z.string().trim().max(300).optional(),
  interactive: InteractiveDataSchema.optional(),
});

export type ArticleSink = { create(article: ArticleImport): Promise<{ id: number }> };

const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024;

class FrontMatterLanguageError extends Error {}
const refuseEngine = (language: string) => () => {
  throw new FrontMatterLanguageError(language);
};

/**
 * Front matter is YAML and nothing else. gray-matter honours a language tag after the opening
 * delimiter and evaluates `---js` blocks with `eval`, so any tag but yaml is refused before
 * parsing, and the JavaScript engines are replaced by ones that refuse, should a tag slip by.
 */
export function parseFrontMatter(text: string): { data: Record<string, unknown>; content: string } {
  const tag = /^\uFEFF?---[ \t]*([^\s-][^\r\n]*)?\r?\n/.exec(text)?.[1]?.trim().toLowerCase();
  if (tag && tag !== 'yaml' && tag !== 'yml') throw new Error(`the front matter must be YAML; "---${tag}" is not accepted`);
  try {
    const parsed = matter(text, { language: 'yaml', engines: { js: refuseEngine('js'), javascript: refuseEngine('javascript'), json: refuseEngine('json') } });
    return { data: parsed.data, content: parsed.content };
  } catch (err) {
    if (err instanceof FrontMatterLanguageError) throw new Error(`the front matter must be YAML; "---${err.message}" is not accepted`);
    throw new Error('the frontmatter is not valid YAML');
  }
}

async function toImport(file: ZipFile, images: Map<string, ZipFile>): Promise<ArticleImport> {
  const parsed = parseFrontMatter(file.data.toString('utf8'));
  const fm = FrontmatterSchema.safeParse(parsed.data);
  if (!fm.success) {
    const i = fm.error.issues[0]!;
    throw new Error(`${i.path.join('.') || 'frontmatter'}: ${i.message}`);
  }
  const kind = ['.md', '.markdown'].includes(path.extname(file.name).toLowerCase()) ? 'markdown' : 'html';
  const html = await renderArticleHtml(parsed.content, kind);
  if (!html.trim()) throw new Error('the article has no body');
  let thumbnail: ArticleImport['thumbnail'] = null;
  if (fm.data.thumbnail) {
    // Relative to the article's folder first, then to the archive's root.
    const image = images.get(path.posix.normalize(path.posix.join(path.posix.dirname(file.name), fm.data.thumbnail))) ?? images.get(path.posix.normalize(fm.data.thumbnail));
    if (!image) throw new Error(`thumbnail "${fm.data.thumbnail}" is not in the ZIP`);
    if (image.data.length > MAX_THUMBNAIL_BYTES) throw new Error('the thumbnail is larger than 5 MB');
    thumbnail = { name: path.basename(image.name), mimetype: IMAGE_EXTENSIONS.get(path.extname(image.name).toLowerCase())!, base64: image.data.toString('base64') };
  }
  return {
    title: fm.data.title,
    excerpt: fm.data.excerpt,
    author: fm.data.author,
    category: fm.data.category,
    membershipRequired: fm.data.membershipRequired,
    publishDate: fm.data.publishDate?.toISOString(),
    html,
    interactiveData: fm.data.interactive ?? null,
    thumbnail,
  };
}

/**
 * Imports every Markdown and HTML article of a ZIP into the CMS. A file with a problem is
 * reported with its name and skipped; the good files are still imported.
 */
export async function importArticles(admin: UserRow | null, zip: Buffer, sink: ArticleSink): Promise<ImportResult> {
  requirePermission(admin, 'administer');
  const files = await readZip(zip);
  const articles = files.filter((f) => ARTICLE_EXTENSIONS.has(path.extname(f.name).toLowerCase()));
  if (articles.length === 0) throw new AppError('bad_request', 'The ZIP contains no Markdown or HTML articles.');
  const images = new Map(files.filter((f) => IMAGE_EXTENSIONS.has(path.extname(f.name).toLowerCase())).map((f) => [path.posix.normalize(f.name), f]));
  const errors: ImportResult['errors'] = [];
  let imported = 0;
  for (const file of articles) {
    try {
      await sink.create(await toImport(file, images));
      imported++;
    } catch (err) {
      errors.push({ file: file.name, message: (err as Error).message });
    }
  }
  const message = `Imported ${imported} of ${articles.length} article${articles.length === 1 ? '' : 's'}.` + (errors.length ? ` ${errors.length} could not be imported.` : '');
  return { articlesImported: imported, message, errors, skipped: [] };
}
