// Code exactly as written (issue 49 #2): fixtures written here from each generator's documentation
// (MDX's ESM and JSX, SyntaxHighlighter Evolved's shortcodes, Hugo's and Jekyll's highlight tags),
// never copied from a site. The held-out set, written after the code, is code-blocks-held-out.test.ts.
import { describe, expect, it } from 'vitest';
import { bodyMarkdown } from '../src/domain/exports/article-markdown.ts';
import { readMarkdownArticle } from '../src/domain/articles/markdown-article.ts';
import { readWordPressExport } from '../src/domain/articles/wordpress-export.ts';
import { codeOf, itemsOf, listsOf, wxr } from './code-blocks-fixtures.ts';

describe('MDX posts', () => {
  const post = [
    '---',
    'title: Components in posts',
    'date: 2024-03-01',
    '---',
    "import { Chart } from '../components/chart.js'",
    "export const meta = { author: 'Ada' }",
    '',
    'Some prose before the code.',
    '',
    '```jsx',
    "import React from 'react'",
    "export default function App() { return <Chart /> }",
    'export { App as Main }',
    '```',
    '',
    '<Chart year={2024} />',
    '',
    'An indented listing:',
    '',
    "    import fs from 'node:fs'",
    '    export const lines = 2',
    '',
  ].join('\n');

  it('lose their import and export statements only outside code: every line of the fences and indented code stays', async () => {
    const c = await readMarkdownArticle('posts/components.mdx', post);
    expect(codeOf(c)).toEqual([
      { language: 'jsx', code: "import React from 'react'\nexport default function App() { return <Chart /> }\nexport { App as Main }" },
      { language: 'plaintext', code: "import fs from 'node:fs'\nexport const lines = 2" },
    ]);
    expect(c.html).not.toContain('../components/chart.js');
    expect(c.html).not.toContain("author: 'Ada'");
    expect(c.warnings).toContain('MDX components were removed');
  });

  it('say nothing of components when only their code shows one', async () => {
    const c = await readMarkdownArticle('posts/code-only.mdx', ['# Code only', '', '```tsx', 'const a = <Button />;', '```', ''].join('\n'));
    expect(codeOf(c)).toEqual([{ language: 'tsx', code: 'const a = <Button />;' }]);
    expect(c.warnings).not.toContain('MDX components were removed');
  });
});

describe('empty fences', () => {
  it('are kept as empty code blocks, never a refused post', async () => {
    const c = await readMarkdownArticle('empty.md', ['# Empty', '', 'Before.', '', '```python', '```', '', 'After.', ''].join('\n'));
    expect(codeOf(c)).toEqual([{ language: 'python', code: '' }]);
    expect(c.html).toContain('After.');
  });
});

describe('fences inside list items', () => {
  const steps = ['# Steps', '', '1. Install it:', '', '   ```bash', '   npm install', '   ```', '', '   Then wait.', '2. Start it:', '   ```bash', '   npm start', '   ```', '3. Done.', ''].join('\n');

  it('stay code blocks inside their items: one list, numbered 1, 2, 3, each block after its item’s text and before the text that follows it', async () => {
    const c = await readMarkdownArticle('steps.md', steps);
    expect(codeOf(c)).toEqual([
      { language: 'bash', code: 'npm install' },
      { language: 'bash', code: 'npm start' },
    ]);
    const shape = (c.body.content.root.children as { type: string; start?: number; fields?: { blockType?: string }; children?: unknown[] }[]).map((n) => (n.type === 'list' ? `list@${n.start}` : n.type === 'block' ? n.fields!.blockType : n.type));
    expect(shape).toEqual(['list@1']);
    expect(itemsOf(c)).toEqual([
      ['1', 'Install it:', 'code:npm install', 'Then wait.'],
      ['2', 'Start it:', 'code:npm start'],
      ['3', 'Done.'],
    ]);
    expect(c.html).not.toMatch(/<li>[^<]*<code>npm/);
    // The page the preview shows: each <pre> inside its <li>.
    expect(c.html.replace(/\n/g, '')).toMatch(/<li><p>Install it:<\/p><pre><code class="language-bash">npm install<\/code><\/pre><p>Then wait.<\/p><\/li>/);
  });

  it('number an item holding only a nested list as Lexical does: the next item keeps the count', async () => {
    const c = await readMarkdownArticle('nested.md', ['1. One', '   - inner', '', '     ```sh', '     ls', '     ```', '2. Two', ''].join('\n'));
    expect(itemsOf(c)).toEqual([['1', 'One'], ['2', 'list:[inner|code:ls]'], ['2', 'Two']]);
  });

  it('come back the same from the content export', async () => {
    const c = await readMarkdownArticle('steps.md', steps);
    const again = await readMarkdownArticle('steps.md', `# Steps\n\n${bodyMarkdown(c.body.content as never).markdown}`);
    expect(codeOf(again)).toEqual(codeOf(c));
    expect(listsOf(again)).toEqual(listsOf(c));
    expect(itemsOf(again)).toEqual(itemsOf(c));
  });

  it('are written back indented inside their items by the content export', async () => {
    const c = await readMarkdownArticle('steps.md', steps);
    expect(bodyMarkdown(c.body.content as never).markdown).toBe(['1. Install it:', '   ```bash', '   npm install', '   ```', '   Then wait.', '2. Start it:', '   ```bash', '   npm start', '   ```', '3. Done.', ''].join('\n'));
  });
});

describe('highlight tags of Jekyll and Hugo', () => {
  it('are code blocks with their language, whatever their options, and code showing them stays as written', async () => {
    const source = [
      '# Highlighting',
      '',
      '{{< highlight go "linenos=table,hl_lines=8 15-17,linenostart=199" >}}',
      'func main() {',
      '',
      '    fmt.Println("hi")',
      '}',
      '{{< /highlight >}}',
      '',
      '{{< highlight html >}}',
      '<section id="main">{{ .Content }}</section>',
      '{{< /highlight >}}',
      '',
      '{% highlight ruby linenos %}',
      'def foo = puts "foo"',
      '{% endhighlight %}',
      '',
      'How the tag is written:',
      '',
      '```',
      '{{< highlight go >}}',
      'code',
      '{{< /highlight >}}',
      '```',
      '',
    ].join('\n');
    const c = await readMarkdownArticle('posts/highlight.md', source);
    expect(codeOf(c)).toEqual([
      { language: 'go', code: 'func main() {\n\n    fmt.Println("hi")\n}' },
      { language: 'html', code: '<section id="main">{{ .Content }}</section>' },
      { language: 'ruby', code: 'def foo = puts "foo"' },
      { language: 'plaintext', code: '{{< highlight go >}}\ncode\n{{< /highlight >}}' },
    ]);
  });
});

describe('WordPress code shortcodes', () => {
  it('are code blocks with their language in every form: SyntaxHighlighter’s brush tags, [sourcecode], [code lang=…], [source]', async () => {
    const out = await readWordPressExport('site.xml', wxr([
      '<p>C#:</p>\n[csharp]public class A\n{\n\n    bool b = 1 < 2 && 3 > 2;\n}[/csharp]',
      '[sourcecode language="python" highlight="2"]\ndef f():\n    return "x"\n[/sourcecode]',
      '[code lang="js"]const a = [1, 2];[/code]',
      '[php htmlscript="true"]<?php echo "hi"; ?>[/php]',
      '[javascript]let x = 1;\n\nlet y = 2;[/javascript]',
      '[source lang="sql"]SELECT 1;[/source]',
      '[c-sharp]var s = "";[/c-sharp]',
      '[text]plain words[/text]',
    ].join('\n\n')), { includePages: false });
    expect(out.errors).toEqual([]);
    expect(codeOf(out.candidates[0]!)).toEqual([
      { language: 'csharp', code: 'public class A\n{\n\n    bool b = 1 < 2 && 3 > 2;\n}' },
      { language: 'python', code: 'def f():\n    return "x"' },
      { language: 'javascript', code: 'const a = [1, 2];' },
      { language: 'php', code: '<?php echo "hi"; ?>' },
      { language: 'javascript', code: 'let x = 1;\n\nlet y = 2;' },
      { language: 'sql', code: 'SELECT 1;' },
      { language: 'csharp', code: 'var s = "";' },
      { language: 'plaintext', code: 'plain words' },
    ]);
  });
});

describe('NUL-like text', () => {
  it('inside code is text, and leaves the post whole', async () => {
    const code = 'char s[] = "a\\u0000b\\0c";\nprintf("%00d\\x00");\n// &#0; &#x0;';
    const c = await readMarkdownArticle('nul.md', ['# NUL', '', '```c', code, '```', '', 'Inline `\\u0000` too.', ''].join('\n'));
    expect(codeOf(c)).toEqual([{ language: 'c', code }]);
    expect(c.html).toContain('\\u0000');
  });
});
