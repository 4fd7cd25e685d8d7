// Held out (issue 49 #2): fixtures written after the code, from the same documentation (MDX,
// SyntaxHighlighter Evolved, Hugo), in forms the first set does not use. Never tuned on.
import { describe, expect, it } from 'vitest';
import { bodyMarkdown } from '../src/domain/exports/article-markdown.ts';
import { readMarkdownArticle } from '../src/domain/articles/markdown-article.ts';
import { readWordPressExport } from '../src/domain/articles/wordpress-export.ts';
import { codeOf, itemsOf, listsOf, wxr } from './code-blocks-fixtures.ts';

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
    // The fences stay inside their items: one list (issue 49 #2, since the lists are no longer split around them).
    expect(listsOf(c)).toHaveLength(1);
    expect(itemsOf(c)[0]).toEqual(['1', 'First', 'code:echo one\n\necho two']);
    expect(c.html).not.toMatch(/<li>[^<]*<code>echo/);
    const again = await readMarkdownArticle('lists.md', `# L\n\n${bodyMarkdown(c.body.content as never).markdown}`);
    expect(codeOf(again)).toEqual(codeOf(c));
  });

  // Written after the code that keeps a fence inside its item, never run while it was written.
  it('keeps a tilde fence inside an item of a list starting at 4, and one opening an item, inside their items, numbered on; the export gives them back there', async () => {
    const source = ['# Upgrade', '', '4. Back up:', '', '   ~~~sql', '   COPY users TO STDOUT;', '', '   -- then the rest', '   ~~~', '', '5. ```js', '   const v = 2;', '   ```', '   That was the whole change.', '6. Restart.', ''].join('\n');
    const c = await readMarkdownArticle('upgrade.md', source);
    expect(itemsOf(c)).toEqual([
      ['4', 'Back up:', 'code:COPY users TO STDOUT;\n\n-- then the rest'],
      ['5', 'code:const v = 2;', 'That was the whole change.'],
      ['6', 'Restart.'],
    ]);
    const again = await readMarkdownArticle('upgrade.md', `# Upgrade\n\n${bodyMarkdown(c.body.content as never).markdown}`);
    expect(itemsOf(again)).toEqual(itemsOf(c));
    expect(codeOf(again)).toEqual(codeOf(c));
  });

  it('keeps a WordPress list item’s <pre> and a [code] shortcode inside their items', async () => {
    const out = await readWordPressExport('steps.xml', wxr('<ol>\n<li>Add the hook:\n<pre class="wp-block-code"><code lang="php" class="language-php">add_action( \'init\', \'my_init\' );\nfunction my_init() {}</code></pre>\n</li>\n<li>Save the file, then run:\n[code lang="bash"]wp cache flush[/code]</li>\n</ol>'), { includePages: false });
    expect(out.errors).toEqual([]);
    const c = out.candidates[0]!;
    expect(itemsOf(c)).toEqual([
      ['1', 'Add the hook:', "code:add_action( 'init', 'my_init' );\nfunction my_init() {}"],
      ['2', 'Save the file, then run:', 'code:wp cache flush'],
    ]);
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
