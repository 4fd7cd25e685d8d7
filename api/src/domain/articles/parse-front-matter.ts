import matter from 'gray-matter';

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
  if (/^\uFEFF?\+\+\+[ \t]*\r?\n/.test(text)) throw new Error('the front matter is TOML (+++); only YAML front matter (---) is read');
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
