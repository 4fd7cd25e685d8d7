import path from 'node:path';
import { slugify } from './article-candidate.ts';
import type { ArticleFacts, SiteFiles } from './importer.ts';
import { writtenDate } from './site-files.ts';

/** A permalink as the data cascade gives it: a template string, `false` (not written), or code we do not run. */
export type PermalinkValue = string | false | { code: string };
/** What one level of the cascade (a data file, the front matter) says: its `permalink`, and its `eleventyComputed.permalink`. */
type Level = { permalink?: PermalinkValue; computed?: PermalinkValue };

const DATA_FILE = /\.(11tydata\.(json|js|cjs|mjs)|json)$/;

/** A value written after `permalink:` in a JavaScript data file, read as text: a plain string, `false`, or code. */
function jsValue(text: string): PermalinkValue | undefined {
  const at = /\bpermalink\s*(:|\()\s*/.exec(text);
  if (!at) return undefined;
  const rest = text.slice(at.index + at[0].length);
  if (at[1] === '(') return { code: `permalink(${rest.slice(0, 40).split('\n')[0]}…` };
  if (/^false\b/.test(rest)) return false;
  const quoted = /^(['"`])((?:\\.|(?!\1)[^\\])*)\1/.exec(rest);
  if (quoted && !(quoted[1] === '`' && quoted[2]!.includes('${'))) return quoted[2]!.replace(/\\(.)/g, '$1');
  return { code: rest.split('\n')[0]!.replace(/,\s*$/, '').slice(0, 80) };
}

/** The object literal after `eleventyComputed:` (its braces matched), or "" when there is none. */
function computedBlock(text: string): { block: string; start: number; end: number } {
  const at = /\beleventyComputed\s*:\s*\{/.exec(text);
  if (!at) return { block: '', start: -1, end: -1 };
  let depth = 0;
  for (let i = at.index + at[0].length - 1; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return { block: text.slice(at.index + at[0].length, i), start: at.index, end: i + 1 };
  }
  return { block: text.slice(at.index + at[0].length), start: at.index, end: text.length };
}

const asValue = (v: unknown): PermalinkValue | undefined => (typeof v === 'string' || v === false ? v : v === undefined ? undefined : { code: JSON.stringify(v).slice(0, 80) });

/** A data file's level of the cascade: JSON parsed, JavaScript read as text (never run). */
export function readDataFile(name: string, text: string): Level {
  if (name.endsWith('.json')) {
    try {
      const data = JSON.parse(text) as Record<string, unknown>;
      const computed = data.eleventyComputed && typeof data.eleventyComputed === 'object' ? (data.eleventyComputed as Record<string, unknown>).permalink : undefined;
      return { permalink: asValue(data.permalink), computed: asValue(computed) };
    } catch {
      return {};
    }
  }
  const { block, start, end } = computedBlock(text);
  return { permalink: jsValue(start === -1 ? text : text.slice(0, start) + text.slice(end)), computed: block ? jsValue(block) : undefined };
}

/** The data files whose data a template gets, nearest first: its own (`post.11tydata.json`), then its folders' up to the input folder's. */
export function dataFilesOf(file: string, input: string, names: ReadonlySet<string>): string[] {
  const dir = path.posix.dirname(file);
  const base = path.posix.basename(file, path.posix.extname(file));
  const found: string[] = [];
  const add = (folderPath: string, stem: string) => {
    for (const ext of ['.11tydata.json', '.11tydata.js', '.11tydata.cjs', '.11tydata.mjs', '.json']) {
      const name = `${folderPath === '.' ? '' : `${folderPath}/`}${stem}${ext}`;
      if (names.has(name)) found.push(name);
    }
  };
  add(dir, base);
  for (let d = dir; d !== '.' && `${d}/`.startsWith(input) && `${d}/` !== input; d = path.posix.dirname(d)) add(d, path.posix.basename(d));
  return found.filter((n) => DATA_FILE.test(n));
}

/** The permalink the cascade gives a template: a computed one at any level over a plain one, the nearer level first. */
export function permalinkOf(frontMatter: Record<string, unknown>, dataFiles: string[], files: SiteFiles): PermalinkValue | undefined {
  const fmComputed = frontMatter.eleventyComputed && typeof frontMatter.eleventyComputed === 'object' ? (frontMatter.eleventyComputed as Record<string, unknown>).permalink : undefined;
  const levels: Level[] = [{ permalink: asValue(frontMatter.permalink), computed: asValue(fmComputed) }, ...dataFiles.map((n) => readDataFile(n, files.text(n) ?? ''))];
  return levels.find((l) => l.computed !== undefined)?.computed ?? levels.find((l) => l.permalink !== undefined)?.permalink;
}

/** Eleventy's `page.fileSlug`: the file's name without its date, or its folder's for an index. */
export function fileSlugOf(file: string, input: string): string {
  const base = path.posix.basename(file, path.posix.extname(file)).replace(/^\d{4}-\d{2}-\d{2}-/, '');
  if (base !== 'index') return base;
  const dir = path.posix.dirname(file);
  return `${dir}/` === input || dir === '.' ? '' : path.posix.basename(dir);
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Liquid's `date` filter (strftime) for the directives a permalink uses; undefined for one it does not know. */
function strftime(d: Date, format: string): string | undefined {
  const two = (n: number) => String(n).padStart(2, '0');
  const directives: Record<string, string> = {
    Y: String(d.getUTCFullYear()),
    y: two(d.getUTCFullYear() % 100),
    m: two(d.getUTCMonth() + 1),
    '-m': String(d.getUTCMonth() + 1),
    d: two(d.getUTCDate()),
    '-d': String(d.getUTCDate()),
    e: String(d.getUTCDate()),
    B: MONTHS[d.getUTCMonth()]!,
    b: MONTHS[d.getUTCMonth()]!.slice(0, 3),
    H: two(d.getUTCHours()),
    M: two(d.getUTCMinutes()),
    '%': '%',
  };
  let unknown = false;
  const out = format.replace(/%(-?[A-Za-z%])/g, (whole, k: string) => directives[k] ?? ((unknown = true), whole));
  return unknown ? undefined : out;
}

/** One filter of a permalink's output tag applied, or undefined where the importer does not know it. */
function applyFilter(value: unknown, filter: string, date: Date | undefined): unknown {
  const name = /^\w+/.exec(filter)?.[0];
  const arg = /["']([^"']*)["']/.exec(filter)?.[1];
  if ((name === 'slug' || name === 'slugify') && typeof value === 'string') return slugify(value);
  if ((name === 'lower' || name === 'downcase') && typeof value === 'string') return value.toLowerCase();
  if (name === 'date' && arg !== undefined) {
    // A date written in the front matter is read as written (writtenDate), like the page's own.
    const d = value instanceof Date ? value : typeof value === 'string' ? date : undefined;
    return d && strftime(d, arg);
  }
  return undefined;
}

/**
 * A permalink template (Liquid or Nunjucks) filled for one post, where it is a plain pattern:
 * `{{ page.fileSlug }}`, `{{ page.filePathStem }}`, a front matter field such as `{{ title }}`,
 * through `slug`, `slugify`, `lower` or Liquid's `date: "%Y/%m"`. Anything else (tags, other
 * filters, code) is null: the importer cannot say what the old site made of it.
 */
export function fillPermalink(template: string, f: ArticleFacts, input: string): string | null {
  if (template.includes('{%')) return null;
  const rel = f.file.slice(input.length);
  const date = writtenDate(f);
  const page: Record<string, unknown> = { fileSlug: fileSlugOf(f.file, input), filePathStem: `/${rel.replace(/\.\w+$/, '')}`, date };
  let failed = false;
  const out = template.replace(/\{\{-?\s*([\s\S]*?)\s*-?\}\}/g, (_whole, expr: string) => {
    const [head, ...filters] = expr.split('|').map((s) => s.trim());
    const key = head!.replace(/^page\./, '');
    let value: unknown = head!.startsWith('page.') ? page[key] : head === 'title' ? f.title : f.frontMatter[head!];
    if (head === 'date' && value === undefined) value = date;
    for (const filter of filters) value = applyFilter(value, filter, date);
    if (typeof value !== 'string' && typeof value !== 'number') failed = true;
    return String(value ?? '');
  });
  if (failed) return null;
  return `/${out.trim().replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');
}
