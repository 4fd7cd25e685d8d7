import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { articles, cmsEditor, cmsSignIn, withConsent } from './fixtures';
import { expect, test } from './test';

// A new article's page answers 404 until the rebuild publishes it; the polling browser logs that.
test.use({ allowedConsoleErrors: [/status of 404/] });

/** The editor's toolbar: a block from the blocks menu, or a node from the insert (+) menu. */
async function insert(page: Page, menu: 'blocks dropdown' | 'add dropdown', item: string) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('button', { name: item, exact: true }).click();
  await settled(page);
}

/** The fields of the body's blocks, as the editor holds them (Lexical keeps its editor on its root element). */
function bodyBlocks(page: Page): Promise<Record<string, unknown>[]> {
  return page.locator('.rich-text-lexical [data-lexical-editor="true"]').first().evaluate((root) => {
    type Node = { type: string; fields?: Record<string, unknown> };
    const editor = (root as unknown as { __lexicalEditor: { getEditorState(): { toJSON(): { root: { children: Node[] } } } } }).__lexicalEditor;
    return editor.getEditorState().toJSON().root.children.filter((n) => n.type === 'block').map((n) => n.fields ?? {});
  });
}

/**
 * Waits until the admin's form is quiet: each change goes to the server (a quarter second after it
 * is made) and back before it is the form's state, and a change made while one is on its way can
 * be undone by the answer to the earlier one — a pace a person editing never reaches.
 */
const formStateRequests = new WeakMap<Page, Set<Request>>();
function watchFormState(page: Page) {
  const inFlight = new Set<Request>();
  formStateRequests.set(page, inFlight);
  const isFormState = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname.startsWith('/cms/admin/');
  page.on('request', (r) => void (isFormState(r) && inFlight.add(r)));
  page.on('requestfinished', (r) => void inFlight.delete(r));
  page.on('requestfailed', (r) => void inFlight.delete(r));
}
async function settled(page: Page) {
  const inFlight = formStateRequests.get(page)!;
  for (let quiet = 0; quiet < 3; quiet = inFlight.size === 0 ? quiet + 1 : 0) await page.waitForTimeout(200);
}

/** Puts the caret at the end of the body, as an editor clicking in the text and pressing Ctrl+End. */
async function toEndOfBody(page: Page) {
  await page.locator('.rich-text-lexical [data-lexical-editor="true"] p').first().click();
  await page.keyboard.press('Control+End');
}

/** Fills a field of a block, then waits until the editor's node holds the value and the form is quiet. */
async function fillInBlock(page: Page, block: Locator, name: string, value: string) {
  await block.locator(`[name$="${name}"]`).fill(value);
  await expect.poll(async () => (await bodyBlocks(page)).some((fields) => fields[name] === value)).toBe(true);
  await settled(page);
}

test('an editor adds a code block, a table, a captioned picture, a YouTube video and a callout in the CMS, and readers see them on the static page', async ({ page, request }) => {
  test.setTimeout(240_000);
  const title = `Baking bread by hand ${Date.now()}`;
  const picture = await sharp({ create: { width: 2000, height: 1125, channels: 3, background: '#f97316' } }).jpeg().toBuffer();

  await cmsSignIn(page);
  watchFormState(page);
  await page.goto('/cms/admin/collections/articles/create');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.locator('#field-category').click();
  await page.locator('.rs__option').first().click();
  await page.locator('.rich-text-lexical [contenteditable="true"]').first().click();
  await page.keyboard.type('Bread needs time more than skill.');
  await page.keyboard.press('Enter');
  await settled(page);

  await insert(page, 'blocks dropdown', 'Code block');
  const code = page.locator('.LexicalEditorTheme__block-code');
  await code.locator('.rs__control').click();
  await page.locator('.rs__option', { hasText: /^TypeScript$/ }).click();
  await settled(page);
  await fillInBlock(page, code, 'code', 'const hydration = water / flour;\nif (hydration < 0.7) knead(10);');

  await insert(page, 'add dropdown', 'Upload');
  await page.locator('.payload__modal-item').last().getByText('Create New', { exact: true }).click();
  const upload = page.locator('.payload__modal-item').last();
  await upload.locator('input[type="file"]').setInputFiles({ name: 'dough.jpg', mimeType: 'image/jpeg', buffer: picture });
  await upload.locator('#field-alt').fill('Dough resting in a bowl');
  await upload.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Media successfully created.')).toBeVisible();
  await settled(page);
  await page.locator('.rich-text-lexical img[src*="dough"]').hover();
  await page.locator('.LexicalEditorTheme__upload__upload-drawer-toggler').click();
  // (The drawer's labels are not tied to their inputs, so the fields are found by their ids.)
  const fields = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Edit Media' }) });
  await fields.locator('#field-caption').fill('Rested for an hour');
  await fields.getByRole('button', { name: 'Save changes' }).click();
  await expect(fields).toBeHidden();
  await settled(page);

  await toEndOfBody(page);
  await insert(page, 'blocks dropdown', 'Video embed');
  const embed = page.locator('.LexicalEditorTheme__block-embed');
  await fillInBlock(page, embed, 'url', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await fillInBlock(page, embed, 'title', 'Kneading by hand');
  await toEndOfBody(page);
  await insert(page, 'blocks dropdown', 'Callout');
  const callout = page.locator('.LexicalEditorTheme__block-callout');
  await callout.locator('.rs__control').click();
  await page.locator('.rs__option', { hasText: /^Tip$/ }).click();
  await callout.locator('[contenteditable="true"]').click();
  await page.keyboard.type('Cover the bowl so the dough does not dry out.');
  await expect.poll(async () => JSON.stringify((await bodyBlocks(page)).find((f) => f.blockType === 'callout'))).toContain('does not dry out');
  await settled(page);
  await toEndOfBody(page);
  await insert(page, 'add dropdown', 'Table');
  await page.locator('#field-rows').fill('2');
  await page.locator('#field-columns').fill('2');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await settled(page);
  await page.locator('.rich-text-lexical table th').first().click();
  for (const [i, text] of ['Step', 'Time', 'Knead', '10 min'].entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await settled(page);
  await expect.poll(async () => (await bodyBlocks(page)).map((f) => [f.blockType, f.language ?? f.url])).toEqual([['code', 'typescript'], ['embed', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ'], ['callout', undefined]]);
  // "Publish changes" (autosave has kept a draft so far, which the site never shows).
  const saved = page.waitForResponse((r) => /^(POST|PATCH)$/.test(r.request().method()) && /\/cms\/api\/articles(\/\d+)?(\?|$)/.test(r.url()) && (r.request().postData() ?? '').includes('"_status":"published"'));
  await page.locator('#action-save').click();
  const answer = await saved;
  expect(answer.ok(), await answer.text()).toBe(true);
  await expect(page).toHaveURL(/\/collections\/articles\/\d+/);
  const id = Number(/\/articles\/(\d+)/.exec(page.url())![1]);

  try {
    // Nothing is asked of YouTube until the reader presses play; then only its cookie-less player.
    const videoRequests: string[] = [];
    const videoSite = (url: URL) => /(^|\.)(youtube(-nocookie)?\.com|ytimg\.com|googlevideo\.com|vimeo\.com|vimeocdn\.com)$/.test(url.hostname);
    await page.route(videoSite, (route) => {
      videoRequests.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Player</title>' });
    });
    await withConsent(page);
    await expect
      .poll(async () => {
        await page.goto(`/articles/${id}`);
        return page.getByRole('heading', { level: 1 }).textContent();
      }, { timeout: 90_000, intervals: [1000] })
      .toBe(title);
    const body = page.locator('[data-article-body]');
    // Each block once, none inside another. (Not their order: on a busy machine Payload's admin can
    // place a block inserted from the slash menu before the one above the caret.)
    expect((await body.locator('.prose-article > div > :is(p, pre, figure, div)').evaluateAll((els) => els.map((e) => e.tagName + (e.querySelector('img') ? ':img' : e.querySelector('a[data-embed-src]') ? ':video' : '')).filter((t) => t !== 'P'))).sort()).toEqual(['DIV', 'DIV', 'FIGURE:img', 'FIGURE:video', 'PRE']);
    await expect(body.getByRole('note')).toHaveText('TipCover the bowl so the dough does not dry out.');

    const codeBlock = body.locator('pre code.language-typescript');
    await expect(codeBlock).toContainText('if (hydration < 0.7) knead(10);');
    // Highlighted at save time: tokens carry the code block's classes, and the page's stylesheet colours them.
    expect(await codeBlock.locator('span[class^="hl-"]').count()).toBeGreaterThan(5);
    expect(await codeBlock.locator('span.hl-k').first().evaluate((el) => getComputedStyle(el).color)).toBe('rgb(160, 17, 31)');

    const table = body.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Step', 'Time']);
    await expect(table.getByRole('cell', { name: '10 min' })).toBeVisible();

    const figure = body.locator('figure', { has: page.getByRole('img', { name: 'Dough resting in a bowl' }) });
    await expect(figure.locator('figcaption')).toHaveText('Rested for an hour');
    const img = figure.getByRole('img');
    await expect(img).toHaveAttribute('srcset', /^\/media\/dough[^ ]*-480x270\.jpg 480w, .* \/media\/dough[^ ]*\.jpg 2000w$/);
    // A picture among the body's first two blocks is above the fold and drawn at once; any other
    // waits until it is scrolled to. (Payload's admin may have placed it first on a busy machine.)
    const position = await figure.evaluate((el) => [...el.parentElement!.children].indexOf(el));
    expect(await img.getAttribute('loading')).toBe(position < 2 ? null : 'lazy');
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);

    const play = body.getByRole('link', { name: 'Play video: Kneading by hand (YouTube)' });
    await expect(play).toBeVisible();
    await expect(body.locator('iframe')).toHaveCount(0);
    expect(videoRequests).toEqual([]);
    const axe = await new AxeBuilder({ page }).include('[data-article-body]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `.data/screenshots/rich-article-${width}.png`, fullPage: true });
    }

    await play.click();
    const player = body.locator('iframe[title="Kneading by hand"]');
    await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0');
    await expect.poll(() => videoRequests).toEqual(['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&rel=0']);
  } finally {
    await (await cmsEditor(request)).delete('articles', id);
  }
});

test('an editor adds a quote with its attribution from the toolbar, and readers see it set apart with who said it and where', async ({ page, request }) => {
  test.setTimeout(180_000);
  const title = `Patience in the kitchen ${Date.now()}`;
  await cmsSignIn(page);
  watchFormState(page);
  await page.goto('/cms/admin/collections/articles/create');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.locator('#field-category').click();
  await page.locator('.rs__option').first().click();
  await page.locator('.rich-text-lexical [contenteditable="true"]').first().click();
  await page.keyboard.type('Good bread asks for patience.');
  await page.keyboard.press('Enter');
  await settled(page);

  await insert(page, 'blocks dropdown', 'Quote with attribution');
  const quote = page.locator('.LexicalEditorTheme__block-quotation');
  await quote.locator('[contenteditable="true"]').click();
  await page.keyboard.type('Bread is the warmest, kindest of words.');
  await expect.poll(async () => JSON.stringify((await bodyBlocks(page)).find((f) => f.blockType === 'quotation'))).toContain('kindest of words');
  await settled(page);
  await fillInBlock(page, quote, 'author', 'An old baker');
  await fillInBlock(page, quote, 'source', 'The Loaf');
  const saved = page.waitForResponse((r) => /^(POST|PATCH)$/.test(r.request().method()) && /\/cms\/api\/articles(\/\d+)?(\?|$)/.test(r.url()) && (r.request().postData() ?? '').includes('"_status":"published"'));
  await page.locator('#action-save').click();
  const answer = await saved;
  expect(answer.ok(), await answer.text()).toBe(true);
  await expect(page).toHaveURL(/\/collections\/articles\/\d+/);
  const id = Number(/\/articles\/(\d+)/.exec(page.url())![1]);

  try {
    await withConsent(page);
    await expect
      .poll(async () => {
        await page.goto(`/articles/${id}`);
        return page.getByRole('heading', { level: 1 }).textContent();
      }, { timeout: 90_000, intervals: [1000] })
      .toBe(title);
    const figure = page.locator('[data-article-body] figure', { has: page.locator('blockquote') });
    await expect(figure.locator('blockquote')).toHaveText('Bread is the warmest, kindest of words.');
    await expect(figure.locator('figcaption')).toHaveText('— An old baker, The Loaf');
    await expect(figure.locator('figcaption cite')).toHaveText('The Loaf');
    // Its own look (the block's style on the page): a brand-coloured rule, the attribution left-aligned beneath.
    expect(await figure.locator('blockquote').evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(79, 70, 229)');
    expect(await figure.locator('figcaption').evaluate((el) => getComputedStyle(el).textAlign)).toBe('left');
    const axe = await new AxeBuilder({ page }).include('[data-article-body]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 900 });
    await figure.scrollIntoViewIfNeeded();
    await figure.screenshot({ path: '.data/screenshots/quotation-390.png' });
  } finally {
    await (await cmsEditor(request)).delete('articles', id);
  }
});

test('a plain article page loads at most 40 KB of JavaScript (gzip): code is highlighted before it reaches the page', async ({ page, request }) => {
  await withConsent(page);
  const list = (await articles(request)) as (Awaited<ReturnType<typeof articles>>[number] & { hasInteractiveElements: boolean })[];
  const plain = list.find((a) => a.membershipRequired === 'free' && !a.hasInteractiveElements)!;
  const files: { path: string; gzip: Promise<number> }[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') files.push({ path: new URL(res.url()).pathname, gzip: res.body().then((b) => gzipSync(b).length, () => 0) });
  });
  const res = await page.goto(`/articles/${plain.id}`, { waitUntil: 'networkidle' });
  const inline = [...(await res!.text()).matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => gzipSync(m[1]!).length);
  const sum = async (list: { gzip: Promise<number> }[]) => (await Promise.all(list.map((f) => f.gzip))).reduce((n, b) => n + b, 0) + inline.reduce((n, b) => n + b, 0);
  const onLoad = await sum(files);
  const loadedFiles = files.length;
  // A reader who scrolls down to the comments hydrates that island too (React): reported, not budgeted here.
  const comments = page.locator('astro-island', { has: page.getByRole('heading', { name: 'Comments' }) });
  await comments.scrollIntoViewIfNeeded();
  await expect(comments).not.toHaveAttribute('ssr');
  await page.waitForLoadState('networkidle');
  const kb = (n: number) => (n / 1024).toFixed(1);
  console.log(`figures: a plain article page loads ${kb(onLoad)} KB of JavaScript (gzip; ${loadedFiles} files, ${inline.length} inline scripts, ${kb(inline.reduce((n, b) => n + b, 0))} KB of them inline); with the comments in view ${kb(await sum(files))} KB (${files.length} files)`);
  expect(onLoad).toBeLessThanOrEqual(40 * 1024);
});
