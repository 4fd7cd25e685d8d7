import yaml from 'js-yaml';
import { parse as parseToml, TomlDate } from 'smol-toml';

export type FrontMatter = Record<string, unknown>;

/** A fence line: `---` (YAML), `+++` (TOML), maybe with a language tag after it. */
const OPENING = /^\uFEFF?(---|\+\+\+)[ \t]*([^\r\n]*?)[ \t]*\r?\n/;

/**
 * Dates stay the text they were written as, for the date parser (parse-date.ts) to read strictly:
 * YAML's timestamp type and TOML parsers alike silently roll 30 February over to 2 March. So a
 * TOML date value is quoted before parsing, and any other TOML date is written back as text.
 */
const TOML_DATE_LINE = /^([ \t]*[\w."'-]+[ \t]*=[ \t]*)(\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})?)?)[ \t]*(#.*)?$/gim;

function plain(value: unknown): unknown {
  if (value instanceof TomlDate) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function asMap(value: unknown, what: string): FrontMatter {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`the front matter is not a list of fields (${what})`);
  return value as FrontMatter;
}

/** Hugo's JSON front matter: an object at the very start, closed by a `}` line. */
function jsonFrontMatter(text: string): { data: FrontMatter; content: string } | null {
  if (!/^\uFEFF?\{[ \t]*\r?\n/.test(text)) return null;
  const close = /^\}[ \t]*(?:\r?\n|$)/gm;
  for (let m = close.exec(text); m; m = close.exec(text)) {
    const head = text.slice(0, m.index + 1).replace(/^\uFEFF/, '');
    try {
      return { data: asMap(JSON.parse(head), 'JSON'), content: text.slice(m.index + m[0].length) };
    } catch {
      // A `}` inside the object: look for the next one.
    }
  }
  throw new Error('the front matter is not valid JSON');
}

/**
 * Front matter as the generators write it: YAML between `---` lines (Jekyll, Hugo, Astro,
 * Eleventy, ours), TOML between `+++` lines (Hugo) or a JSON object (Hugo). Data only: YAML is
 * read with its core schema (no timestamps, no custom tags), and a language tag after the fence
 * (`---js`, which gray-matter would run with `eval`) is refused. A file without front matter is
 * all content.
 */
export function parseFrontMatter(text: string): { data: FrontMatter; content: string } {
  const json = jsonFrontMatter(text);
  if (json) return json;
  const open = OPENING.exec(text);
  if (!open) return { data: {}, content: text.replace(/^\uFEFF/, '') };
  const fence = open[1]!;
  const tag = open[2]!.toLowerCase();
  const language = fence === '+++' ? 'toml' : 'yaml';
  if (tag && !(language === 'yaml' && (tag === 'yaml' || tag === 'yml')) && !(language === 'toml' && tag === 'toml')) {
    throw new Error(`the front matter must be YAML, TOML or JSON; "${fence}${tag}" is not accepted`);
  }
  const rest = text.slice(open[0].length);
  const closing = new RegExp(`^${fence === '+++' ? '\\+\\+\\+' : '(?:---|\\.\\.\\.)'}[ \\t]*(?:\\r?\\n|$)`, 'm').exec(rest);
  if (!closing) throw new Error(`the front matter is not closed (no "${fence}" line after it)`);
  const head = rest.slice(0, closing.index);
  const content = rest.slice(closing.index + closing[0].length);
  try {
    const data = language === 'toml' ? plain(parseToml(head.replace(TOML_DATE_LINE, '$1"$2" $3'))) : yaml.load(head, { schema: yaml.CORE_SCHEMA });
    return { data: asMap(data, language.toUpperCase()), content };
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('the front matter')) throw err;
    // Both count from the line after the opening fence: TOML from 1, YAML from 0.
    const line = language === 'toml' ? (err as { line?: number }).line : (err as { mark?: { line?: number } }).mark?.line;
    const where = typeof line === 'number' ? ` (line ${line + (language === 'toml' ? 1 : 2)} of the file)` : '';
    throw new Error(`the front matter is not valid ${language === 'toml' ? 'TOML' : 'YAML'}${where}`);
  }
}
