// Issue 49, end to end: an admin imports, through the admin page, a Jekyll site whose post is long and
// code-heavy (hundreds of highlighted blocks), with a fenced block inside a list item, a kramdown
// notice, footnotes and mathematics; then opens the article — every code line there as written, the
// callout, footnotes linked both ways, KaTeX's static HTML and no script for it — and the post's old
// address, which answers 301 to the new one. The article is deleted at the end. Then the CMS editor
// opens a list item that holds a code block, as the import writes it, and keeps the block there.
import { articles, cmsEditor, cmsSignIn, hydrated, signIn, withConsent, zipOf } from './fixtures';
import { expect, test } from './test';

const LANGUAGES = ['typescript', 'python', 'bash', 'sql', 'go', 'rust'] as const;
const BLOCKS = 240;

/** Block `i`'s code: twelve lines with the lines a careless converter loses (imports, exports, tabs, blank lines, markup, braces). */
function listing(i: number): string {
  return [
    `import { step${i} } from './steps/${i}.js';`,
    `export const block${i} = {`,
    `\tname: "step <${i}> & {{ not liquid }}",`,
    '',
    `\tvalue: ${i} * 2, // line 5 of block ${i}`,
    `\tnested: { deep: [${i}, ${i + 1}] },`,
    `\tpath: 'C:\\\\temp\\\\${i}',`,
    `\tregex: /^a+$/,`,
    `\ttemplate: \`$\{x}\`,`,
    '',
    '};',
    `export default block${i};`,
  ].join('\n');
}

function post(slug: string, title: string): string {
  const parts = ['---', `title: ${title}`, 'date: 2019-03-04 08:00:00 +0000', '---', '', 'A long tutorial, one listing after another.[^calm]', ''];
  parts.push('Before you start:', '', '1. Install the tools:', '', '   ```bash', '   npm install --save-dev calm-tools', '   calm init', '   ```', '', '2. Run them once.', '');
  parts.push('Never deploy on a Friday afternoon.', '{: .notice--warning}', '');
  parts.push('The sum of the first numbers:', '', '$$', '\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}', '$$', '');
  for (let i = 0; i < BLOCKS; i++) {
    parts.push(`## Step ${i + 1}`, '', `Step ${i + 1} in plain words.`, '', `\`\`\`${LANGUAGES[i % LANGUAGES.length]}`, listing(i), '```', '');
  }
  parts.push('That is all.[^end]', '', '[^calm]: Take a breath between the steps.', '[^end]: Thanks for reading.', '');
  return parts.join('\n');
}

test('an admin imports a long code-heavy post with a list’s fenced block, a notice, footnotes and math, opens it, and its old link leads there', async ({ page }) => {
  test.setTimeout(240_000);
  await withConsent(page);
  await signIn(page.request, 'Admin', 'Admin-demo-pass');
  const stamp = Date.now();
  const slug = `whole-post-${stamp}`;
  const title = `A whole post ${stamp}`;
  const zip = await zipOf({
    'site/_config.yml': 'title: Calm code\nurl: https://calm-code.example\nmarkdown: kramdown\n',
    [`site/_posts/2019-03-04-${slug}.md`]: post(slug, title),
  });
  const cms = await cmsEditor(page.request);
  let id = 0;
  try {
    await page.goto('/admin');
    await hydrated(page, 'Upload Articles');
    await page.getByLabel('ZIP file').setInputFiles({ name: 'calm-code.zip', mimeType: 'application/zip', buffer: zip });
    // The post names no category: the admin chooses one for it.
    await page.getByLabel('Category for articles that name none').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('1 article would be imported. Nothing has been written yet.')).toBeVisible({ timeout: 60_000 });
    await preview.getByRole('button', { name: 'Import 1 article' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported 1 of 1 article.' })).toBeVisible({ timeout: 60_000 });

    await expect.poll(async () => (id = (await articles(page.request)).find((a) => a.title === title)?.id ?? 0), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await page.request.get(`/articles/${id}`)).status(), { timeout: 90_000, intervals: [1000] }).toBe(200);
    await page.goto(`/articles/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const body = page.locator('[data-article-body]');

    // Every code block, highlighted, each line as written: the list item's block first, then the listings.
    const shown = await body.locator('pre code').evaluateAll((codes) => codes.map((c) => ({ language: [...c.classList].find((k) => k.startsWith('language-')), text: (c.textContent ?? '').replace(/\n$/, ''), colours: c.querySelectorAll('span[class^="hl-"]').length })));
    expect(shown).toHaveLength(BLOCKS + 1);
    expect(shown[0]).toMatchObject({ language: 'language-bash', text: 'npm install --save-dev calm-tools\ncalm init' });
    const listings = shown.slice(1);
    listings.forEach((block, i) => {
      expect({ i, language: block.language, text: block.text }).toEqual({ i, language: `language-${LANGUAGES[i % LANGUAGES.length]}`, text: listing(i) });
      expect(block.colours).toBeGreaterThan(0);
    });
    const linesInSource = BLOCKS * listing(0).split('\n').length;
    expect(listings.reduce((n, b) => n + b.text.split('\n').length, 0)).toBe(linesInSource);

    // The fenced block in the list item stays a block inside the item's <li>, and the list is one
    // list numbered 1, 2 (Lexical's list item holds the block among its children).
    const install = body.getByRole('listitem').filter({ hasText: 'Install the tools' });
    await expect(install).toHaveCount(1);
    await expect(install.locator('pre code')).toHaveText('npm install --save-dev calm-tools\ncalm init');
    const steps = install.locator('xpath=..');
    await expect(steps.locator('xpath=self::ol')).toHaveCount(1);
    await expect(steps.locator(':scope > li')).toHaveText([/^Install the tools:\s*npm install --save-dev calm-tools\s*calm init$/, 'Run them once.']);
    expect(await steps.locator(':scope > li').evaluateAll((items) => items.map((li) => (li as HTMLLIElement).value))).toEqual([1, 2]);
    await expect(body.locator('ol').filter({ hasText: 'Run them once.' })).toHaveCount(1);

    // The kramdown notice is a callout of its kind.
    const callout = body.locator('div[role="note"][data-callout="warning"]');
    await expect(callout).toBeVisible();
    await expect(callout).toContainText('Never deploy on a Friday afternoon.');

    // Footnotes, linked both ways.
    for (const note of ['calm', 'end']) {
      const mark = body.locator(`a[href="#user-content-fn-${note}"]`);
      await expect(mark).toHaveCount(1);
      await expect(mark).toHaveAttribute('id', `user-content-fnref-${note}`);
      const back = body.locator(`#user-content-fn-${note}`);
      await expect(back).toHaveAttribute('href', `#user-content-fnref-${note}`);
    }
    await body.locator('a[href="#user-content-fn-calm"]').click();
    await expect(page).toHaveURL(/#user-content-fn-calm$/);
    await expect(body.getByText('Take a breath between the steps.')).toBeVisible();

    // Mathematics drawn by KaTeX when it was saved: its HTML and MathML on the page, no script for it.
    const math = body.locator('div[data-math="display"] .katex');
    await expect(math.locator('.katex-html')).toBeVisible();
    await expect(math.locator('annotation[encoding="application/x-tex"]')).toHaveText('\\sum_{i=1}^{n} i = \\frac{n(n+1)}{2}');
    expect(await page.locator('script[src*="katex" i]').count()).toBe(0);
    expect(await page.evaluate(() => 'katex' in window)).toBe(false);

    // The old site's address (Jekyll's default permalink, with and without .html) answers 301 to the new page.
    for (const old of [`/2019/03/04/${slug}.html`, `/2019/03/04/${slug}/`]) {
      const res = await page.request.get(old, { maxRedirects: 0 });
      expect([old, res.status(), res.headers().location]).toEqual([old, 301, `/articles/${id}`]);
    }
    await page.goto(`/2019/03/04/${slug}.html`);
    await expect(page).toHaveURL(new RegExp(`/articles/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  } finally {
    // What the test made: the article (its old addresses then lead nowhere).
    if (id) await cms.delete('articles', id);
  }
});

test('the CMS editor opens a list item holding a code block, as the import writes it, with the block inside the item, and saving keeps it there', async ({ page, request }) => {
  test.setTimeout(120_000);
  // The REST calls on their own request context: the browser signs in to the CMS as an editor does.
  const cms = await cmsEditor(request);
  const title = `Steps with code ${Date.now()}`;
  const category = (await (await request.get('/cms/api/categories?limit=1')).json()).docs[0].id;
  const text = (t: string) => ({ type: 'text', version: 1, text: t, format: 0, detail: 0, mode: 'normal', style: '' });
  const item = (value: number, children: unknown[]) => ({ type: 'listitem', version: 1, value, children, direction: 'ltr', format: '', indent: 0 });
  const code = { type: 'block', version: 2, format: '', fields: { blockName: '', blockType: 'code', language: 'bash', code: 'npm install --save-dev calm-tools\ncalm init' } };
  const list = { type: 'list', version: 1, listType: 'number', start: 1, tag: 'ol', direction: 'ltr', format: '', indent: 0, children: [item(1, [text('Install the tools:'), code]), item(2, [text('Run them once.')])] };
  const { id } = await cms.create('articles', { title, category, membershipRequired: 'free', _status: 'published', content: { root: { type: 'root', version: 1, direction: 'ltr', format: '', indent: 0, children: [list] } } });
  type Node = { type: string; text?: string; fields?: { code?: string }; children?: Node[] };
  const itemsOf = (content: { root: { children: Node[] } }) => content.root.children.map((l) => (l.children ?? []).map((i) => (i.children ?? []).map((n) => n.text ?? n.fields?.code ?? n.type)));
  try {
    await cmsSignIn(page);
    await page.goto(`/cms/admin/collections/articles/${id}`);
    const editor = page.locator('.rich-text-lexical [data-lexical-editor="true"]').first();
    await expect(editor.locator('li').filter({ hasText: 'Install the tools:' }).locator('.LexicalEditorTheme__block-code')).toHaveCount(1);
    // What the editor holds once loaded: the list as stored, the block inside the first item.
    const held = () => editor.evaluate((root) => (root as unknown as { __lexicalEditor: { getEditorState(): { toJSON(): unknown } } }).__lexicalEditor.getEditorState().toJSON());
    expect(itemsOf((await held()) as never)).toEqual([[['Install the tools:', 'npm install --save-dev calm-tools\ncalm init'], ['Run them once.']]]);
    // An edit to the list (its transforms run), then a save: the block stays where it is.
    await editor.getByText('Run them once.').click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Then deploy.');
    await expect.poll(async () => JSON.stringify(await held())).toContain('Run them once. Then deploy.');
    await page.waitForTimeout(1000);
    const saved = page.waitForResponse((r) => /^(POST|PATCH)$/.test(r.request().method()) && new RegExp(`/cms/api/articles/${id}(\\?|$)`).test(r.url()));
    await page.locator('#action-save').click();
    const answer = await saved;
    expect(answer.ok(), await answer.text()).toBe(true);
    const stored = await cms.find('articles', id);
    expect(itemsOf(stored.content as never)).toEqual([[['Install the tools:', 'npm install --save-dev calm-tools\ncalm init'], ['Run them once. Then deploy.']]]);
    expect(stored.contentHtml).toMatch(/<ol[^>]*><li[^>]*value="1">Install the tools:<pre tabindex="0"><code class="language-bash">.*<\/code><\/pre><\/li><li[^>]*value="2">Run them once\. Then deploy\.<\/li><\/ol>/s);
  } finally {
    await cms.delete('articles', id);
  }
});
