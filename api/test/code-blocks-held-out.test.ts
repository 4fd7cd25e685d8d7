// Held out (issue 49 #2): fixtures written after the code, from the same documentation (MDX,
// SyntaxHighlighter Evolved, Hugo), in forms the first set does not use. Never tuned on.
import { describe, expect, it } from 'vitest';
import { bodyMarkdown } from '../src/domain/exports/article-markdown.ts';
import { readMarkdownArticle } from '../src/domain/articles/markdown-article.ts';
import { readWordPressExport } from '../src/domain/articles/wordpress-export.ts';
import { codeOf, listsOf, wxr } from './code-blocks-fixtures.ts';

describe('held out: MDX', () => {
  it('takes out a multi-line export and a namespace import, and keeps prose that only starts with a like word', async () => {
    const source = [
      "import * as Icons from './icons'",
      'export function Layout({ children }) {',
      '  return <main>{children}</main>',
      '}',
      '',
      '# Layouts',
      '',
      'Imports are resolved first; exports last.',
      '',
      '~~~ts',
      "import type { A } from './a'",
      'export type B = A',
      '~~~',
      '',
      '> Quoted:',
      '>',
      '> ```js',
      "> export * from './all'",
      '> ```',
      '',
    ].join('\n');
    const c = await readMarkdownArticle('layouts.mdx', source);
    expect(codeOf(c)).toEqual([
      { language: 'typescript', code: "import type { A } from './a'\nexport type B = A" },
      { language: 'javascript', code: "export * from './all'" },
    ]);
    expect(c.html).toContain('Imports are resolved first; exports last.');
    expect(c.html).not.toContain('Icons');
    expect(c.html).not.toContain('children');
  });
});

describe('held out: empty fences and lists', () => {
  it('keeps an empty fence without a language and an empty tilde fence', async () => {
    const c = await readMarkdownArticle('empties.md', ['# E', '', '```', '```', '', '~~~yaml', '~~~', ''].join('\n'));
    expect(codeOf(c)).toEqual([
      { language: 'plaintext', code: '' },
      { language: 'yaml', code: '' },
    ]);
  });

  it('keeps a fence inside a bulleted item, and one in a nested item, as blocks that export and come back the same', async () => {
    const source = ['# L', '', '- First', '', '  ```sh', '  echo one', '', '  echo two', '  ```', '- Second', '  - Inner', '', '    ```py', '    print(1)', '    ```', '- Third', ''].join('\n');
    const c = await readMarkdownArticle('lists.md', source);
    expect(codeOf(c)).toEqual([
      { language: 'bash', code: 'echo one\n\necho two' },
      { language: 'python', code: 'print(1)' },
    ]);
    expect(listsOf(c)[0]).toEqual(['1:First']);
    expect(c.html).not.toMatch(/<li>[^<]*<code>echo/);
    const again = await readMarkdownArticle('lists.md', `# L\n\n${bodyMarkdown(c.body.content as never).markdown}`);
    expect(codeOf(again)).toEqual(codeOf(c));
  });
});

describe('held out: highlight tags and shortcodes', () => {
  it('reads Hugo’s percent form, a named language and a tag without one', async () => {
    const source = ['# H', '', '{{% highlight python %}}', 'x = {"a": 1}', '{{% /highlight %}}', '', '{{< highlight lang="yaml" >}}', 'a: 1', '{{< /highlight >}}', '', '{{< highlight >}}', 'just text', '{{< /highlight >}}', ''].join('\n');
    const c = await readMarkdownArticle('h.md', source);
    expect(codeOf(c)).toEqual([
      { language: 'python', code: 'x = {"a": 1}' },
      { language: 'yaml', code: 'a: 1' },
      { language: 'plaintext', code: 'just text' },
    ]);
  });

  it('reads WordPress.com’s [code language=…], SyntaxHighlighter’s short brushes in any case, and escaped markup as written', async () => {
    const out = await readWordPressExport('b.xml', wxr([
      'Styles:\n\n[code language="css"]a > b { color: red; }[/code]',
      '[py]print("\\u0000")[/py]',
      '[BASH]ls -la\n\n# done[/BASH]',
      '[xml]&lt;root attr="1"/&gt;[/xml]',
      '[sourcecode lang="ruby" title="Greeting" collapse="false"]puts "hi"[/sourcecode]',
    ].join('\n\n')), { includePages: false });
    expect(out.errors).toEqual([]);
    expect(codeOf(out.candidates[0]!)).toEqual([
      { language: 'css', code: 'a > b { color: red; }' },
      { language: 'python', code: 'print("\\u0000")' },
      { language: 'bash', code: 'ls -la\n\n# done' },
      { language: 'xml', code: '<root attr="1"/>' },
      { language: 'ruby', code: 'puts "hi"' },
    ]);
  });
});
