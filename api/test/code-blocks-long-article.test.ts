// A long post (issue 49 #1): 1 MB of Markdown with 500 highlighted code blocks converts whole — the
// conversion the preview (dry run) and the import both run — and comes back from the content
// export with every code line byte for byte. The CMS's side (stored, rendered) is
// cms/test/long-article.test.ts.
import { MAX_CODE_LENGTH } from '@app/shared/server';
import { describe, expect, it } from 'vitest';
import { readMarkdownArticle } from '../src/domain/articles/markdown-article.ts';
import { bodyMarkdown } from '../src/domain/exports/article-markdown.ts';
import { codeOf } from './code-blocks-fixtures.ts';

const LANGUAGES = ['typescript', 'python', 'bash', 'sql', 'json'] as const;

/** Block `i`'s code: 30 lines, with tabs, trailing spaces, blank lines, backticks and import/export lines. */
function listing(i: number): string {
  const lines = [`import { step${i} } from './steps/${i}.js';`, `export const block${i} = {`];
  for (let n = 0; n < 26; n++) lines.push(n % 7 === 3 ? '' : `\tvalue${n}: \`${'x'.repeat(n % 5)}\` + ${i * n}, // line ${n} of block ${i}${n % 4 === 0 ? '  ' : ''}`);
  lines.push('};', `export default block${i};`);
  return lines.join('\n');
}

function longMarkdown(blocks = 500): string {
  const parts = ['---', 'title: A very long post', 'date: 2024-01-02', '---', ''];
  for (let i = 0; i < blocks; i++) {
    parts.push(`## Part ${i + 1}`, '', `${'Every part explains one listing in plain words, with enough prose around it to read like a real tutorial. '.repeat(10)}`, '');
    parts.push(`\`\`\`${LANGUAGES[i % LANGUAGES.length]}`, listing(i), '```', '');
  }
  return parts.join('\n');
}

describe('a post of 1 MB with 500 code blocks', () => {
  it('converts whole, every code line kept, and comes back the same from the content export', async () => {
    const source = longMarkdown();
    expect(Buffer.byteLength(source)).toBeGreaterThan(1024 * 1024);
    const c = await readMarkdownArticle('long.md', source);
    const code = codeOf(c);
    expect(code).toHaveLength(500);
    code.forEach((block, i) => expect(block).toEqual({ language: LANGUAGES[i % LANGUAGES.length], code: listing(i) }));
    const exported = bodyMarkdown(c.body.content as never).markdown;
    const again = await readMarkdownArticle('long.md', `---\ntitle: A very long post\ndate: 2024-01-02\n---\n${exported}`);
    expect(codeOf(again)).toEqual(code);
  }, 120_000);

  it('refuses, in the preview as in the import, only a code block the CMS could not store, saying why', async () => {
    const huge = 'a'.repeat(MAX_CODE_LENGTH + 1);
    await expect(readMarkdownArticle('huge.md', `# Huge\n\n\`\`\`\n${huge}\n\`\`\`\n`)).rejects.toThrow(`a code block holds 1,000,001 characters; one may hold at most 1,000,000`);
    await expect(readMarkdownArticle('big.md', `# Big\n\n\`\`\`\n${'a'.repeat(MAX_CODE_LENGTH)}\n\`\`\`\n`)).resolves.toMatchObject({ title: 'Big' });
  }, 120_000);
});
