import type { Page } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { articles, cmsEditor, cmsSignIn, signIn, withConsent, zipOf } from './fixtures';
import { expect, test } from './test';

// The editor's desk (issue 36). A scheduled article's page answers 404 until it goes live; the polling browser logs that.
test.use({ allowedConsoleErrors: [/status of 404/] });

test('an admin shares a preview link of a draft: whoever holds it reads the draft in full on the article design; a changed link is a 404', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const editor = await cmsEditor(request);
  const title = `A draft to preview ${Date.now()}`;
  const draft = await editor.createArticle({ title, membershipRequired: 'vip', body: 'Every word of the VIP draft.', status: 'draft' });
  try {
    expect((await articles(request)).some((a) => a.id === draft.id)).toBe(false);
    await signIn(page.request, 'Admin', 'Admin-demo-pass');
    const made = await page.request.post(`/api/admin/articles/${draft.id}/preview-link`);
    expect(made.status(), await made.text()).toBe(201);
    const { url } = (await made.json()) as { url: string };
    const path = new URL(url).pathname + new URL(url).search;

    // A visitor with the link, signed in nowhere.
    const visitor = await browser.newPage();
    const visitorErrors: string[] = [];
    visitor.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && visitorErrors.push(m.text()));
    await withConsent(visitor);
    const res = await visitor.goto(path);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toBe('private, no-store');
    expect(res?.headers()['x-robots-tag']).toBe('noindex');
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(visitor.getByRole('status').filter({ hasText: 'This is a draft: it is not on the site.' })).toBeVisible();
    await expect(visitor.locator('[data-article-body]')).toContainText('Every word of the VIP draft.');
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    for (const width of [390, 1280]) {
      await visitor.setViewportSize({ width, height: 900 });
      await visitor.screenshot({ path: `.data/screenshots/preview-draft-${width}.png` });
    }
    // A character of the signature's middle changed (the last one of base64url may carry only padding bits).
    const at = path.length - 10;
    const tampered = path.slice(0, at) + (path[at] === 'A' ? 'B' : 'A') + path.slice(at + 1);
    expect((await visitor.request.get(tampered)).status()).toBe(404);
    expect((await visitor.request.get(path.replace(`/articles/${draft.id}?`, `/articles/${draft.id + 1}?`))).status()).toBe(404);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  } finally {
    await editor.delete('articles', draft.id);
  }
});

test('an article published for a time twenty seconds ahead is off the site until then, and appears on its own', async ({ page, request }) => {
  test.setTimeout(150_000);
  await withConsent(page);
  const editor = await cmsEditor(request);
  const title = `Scheduled ${Date.now()}`;
  const goesLive = new Date(Date.now() + 20_000).toISOString();
  const scheduled = await editor.createArticle({ title, membershipRequired: 'free', body: 'Here at last.', publishDate: goesLive });
  try {
    // Published, but its time has not come: not in the list, its page and its API answer 404.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await articles(request)).some((a) => a.id === scheduled.id)).toBe(false);
    expect((await request.get(`/api/articles/${scheduled.id}`)).status()).toBe(404);
    await signIn(page.request, 'Admin', 'Admin-demo-pass');
    const listed = await (await page.request.get('/api/admin/articles/scheduled')).json();
    expect(listed).toContainEqual({ id: scheduled.id, title, publishDate: goesLive, unpublishDate: null });

    // Within a minute of its time it is on the site: the list, the API and the static page.
    await expect.poll(async () => (await articles(request)).some((a) => a.id === scheduled.id), { timeout: 70_000, intervals: [1000] }).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(goesLive));
    await expect
      .poll(async () => {
        await page.goto(`/articles/${scheduled.id}`);
        return page.getByRole('heading', { level: 1 }).textContent();
      }, { timeout: 60_000, intervals: [1000] })
      .toBe(title);
  } finally {
    await editor.delete('articles', scheduled.id);
  }
});


test('an editor sees a draft on the article design beside the editor, and it follows their edits', async ({ page, request }) => {
  test.setTimeout(150_000);
  const editor = await cmsEditor(request);
  const title = `Live preview ${Date.now()}`;
  const draft = await editor.createArticle({ title, membershipRequired: 'pro', body: 'Seen while writing.', status: 'draft' });
  try {
    await cmsSignIn(page);
    await page.goto(`/cms/admin/collections/articles/${draft.id}`);
    await page.getByRole('button', { name: 'Live Preview' }).click();
    const frame = page.frameLocator(`iframe[src*="/preview/articles/${draft.id}?token="]`);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 30_000 });
    await expect(frame.getByText('Preview · This is a draft: it is not on the site.')).toBeVisible();
    await expect(frame.locator('[data-article-body]')).toContainText('Seen while writing.');

    // The editor changes the title; autosave keeps the draft and the preview follows.
    await page.getByRole('textbox', { name: 'Title' }).fill(`${title}, edited`);
    await expect(frame.getByRole('heading', { level: 1 })).toHaveText(`${title}, edited`, { timeout: 30_000 });
    await page.screenshot({ path: '.data/screenshots/live-preview-1280.png' });
    // The preview's reloads never take the editor's focus: no visitor's consent question in the frame.
    await expect(frame.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Title' })).toBeFocused();
    // Still a draft: not on the site.
    expect((await articles(request)).some((a) => a.id === draft.id)).toBe(false);
    // The CMS remembers the open preview for this editor; close it as the other tests expect to find the form.
    await page.getByRole('button', { name: 'Exit Live Preview' }).click();
  } finally {
    await editor.delete('articles', draft.id);
  }
});

/** The article's address in the CMS once autosave has created it. */
const articleIdIn = (page: Page) => Number(/\/collections\/articles\/(\d+)/.exec(page.url())?.[1]);

test('a contributor writes a draft and submits it for review, without a way to publish; an editor finds it in the review list and publishes it', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const admin = await cmsEditor(request);
  const stamp = Date.now();
  const contributor = await admin.create('users', { email: `contributor.${stamp}@example.com`, password: 'contributor-pass-1', role: 'contributor' });
  const title = `A contributor’s first piece ${stamp}`;
  let id = 0;
  try {
    await cmsSignIn(page, { email: `contributor.${stamp}@example.com`, password: 'contributor-pass-1' });
    await page.goto('/cms/admin/collections/articles/create');
    await page.getByRole('textbox', { name: 'Title' }).fill(title);
    // The first save is the contributor's (an untouched Create New saves nothing); autosave follows at the draft's address.
    await page.locator('#action-save-draft').click();
    await expect(page).toHaveURL(/\/collections\/articles\/\d+/, { timeout: 30_000 });
    id = articleIdIn(page);
    await page.locator('#field-category').click();
    await page.locator('.rs__option').first().click();
    await page.locator('.rich-text-lexical [contenteditable="true"]').first().click();
    await page.keyboard.type('Written by a contributor, read by an editor first.');
    await page.getByRole('checkbox', { name: 'Submitted for review' }).check();
    // The contributor has no Publish button; autosave keeps the draft, submission and all.
    await expect(page.locator('#action-save')).toHaveCount(0);
    await expect.poll(async () => (await admin.find('articles', id, { draft: true })).reviewRequested, { timeout: 30_000 }).toBe(true);
    expect((await articles(request)).some((a) => a.id === id)).toBe(false);

    const editorContext = await browser.newContext();
    const editorPage = await editorContext.newPage();
    try {
      await cmsSignIn(editorPage);
      await editorPage.goto('/cms/admin/collections/articles?where[reviewRequested][equals]=true');
      await editorPage.getByRole('link', { name: title }).click();
      await expect(editorPage.getByRole('textbox', { name: 'Title' })).toHaveValue(title);
      await expect(editorPage.locator('[data-lexical-editor="true"]').first()).toContainText('Written by a contributor');
      await editorPage.locator('#action-save').click();
      await expect(editorPage.getByText('Updated successfully.')).toBeVisible();
      // Published: on the site, and out of the review list.
      await expect.poll(async () => (await articles(request)).find((a) => a.id === id)?.title, { timeout: 30_000 }).toBe(title);
      expect((await admin.find('articles', id)).reviewRequested).toBe(false);
    } finally {
      await editorContext.close();
    }
  } finally {
    if (id) await admin.delete('articles', id);
    await admin.delete('users', contributor.id);
  }
});

// Issue 47 #13: the versions list showed when and which status, never who saved.
test('the versions list names who saved each version: the contributor who wrote the draft and the editor who published it', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  const admin = await cmsEditor(request);
  const stamp = Date.now();
  const writer = { email: `writer.${stamp}@example.com`, password: 'writer-pass-123', name: `Cleo Writer ${stamp}` };
  const desk = { email: `desk.${stamp}@example.com`, password: 'desk-pass-123', name: `Desk Editor ${stamp}` };
  const people = [await admin.create('users', { ...writer, role: 'contributor' }), await admin.create('users', { ...desk, role: 'editor' })];
  const writerContext = await browser.newContext();
  const deskContext = await browser.newContext();
  let id = 0;
  try {
    // Each saves with their own sign-in: the contributor's draft, then the editor's publish.
    id = (await (await cmsEditor(writerContext.request, writer)).createArticle({ title: `Who saved this ${stamp}`, membershipRequired: 'free', body: 'Written, then published.', status: 'draft' })).id;
    await (await cmsEditor(deskContext.request, desk)).update('articles', id, { _status: 'published' });

    await cmsSignIn(page, desk);
    await page.goto(`/cms/admin/collections/articles/${id}/versions`);
    const list = page.getByRole('table', { name: 'Versions' });
    await expect(list.getByRole('columnheader')).toHaveText(['Updated At', 'Saved by', 'Status']);
    const rows = list.locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).getByRole('cell').nth(1)).toHaveText(desk.name);
    await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('Currently Published');
    await expect(rows.nth(1).getByRole('cell').nth(1)).toHaveText(writer.name);
    await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('Draft');
    await page.screenshot({ path: '.data/screenshots/versions-saved-by-1280.png' });

    // Each time opens Payload's own page of that version (what changed, restore).
    const [written] = await admin.versions('articles', id, { 'version._status': 'draft' });
    await rows.nth(1).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/collections/articles/${id}/versions/${written!.id}$`));
    await expect(page.getByText(`Who saved this ${stamp}`).first()).toBeVisible();
  } finally {
    await writerContext.close();
    await deskContext.close();
    if (id) await admin.delete('articles', id);
    for (const person of people) await admin.delete('users', person.id);
  }
});

test('an editor restores an older version as the draft: the site keeps the live one until the editor publishes it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const editor = await cmsEditor(request);
  const stamp = Date.now();
  const first = `Walking at dawn ${stamp}`;
  const second = `Walking at dusk ${stamp}`;
  const article = await editor.createArticle({ title: first, membershipRequired: 'free', body: 'The first version.' });
  try {
    await editor.update('articles', article.id, { title: second, _status: 'published' });
    await expect.poll(async () => (await articles(request)).find((a) => a.id === article.id)?.title, { timeout: 30_000 }).toBe(second);

    await cmsSignIn(page);
    // The history: each save a version; the first one shows what changed since.
    await page.goto(`/cms/admin/collections/articles/${article.id}/versions`);
    await expect(page.locator('.table tbody tr')).toHaveCount(2);
    const older = await editor.versions('articles', article.id, { 'version.title': first });
    await page.goto(`/cms/admin/collections/articles/${article.id}/versions/${older[0]!.id}`);
    await expect(page.getByText(first).first()).toBeVisible();
    await expect(page.getByText(second).first()).toBeVisible();
    await page.screenshot({ path: '.data/screenshots/version-diff-1280.png' });

    await page.locator('.restore-version .popup-button').click();
    await page.getByRole('button', { name: 'Restore as draft' }).click();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/articles/${article.id}$`));
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(first);
    // A draft: the site still reads the live version.
    expect((await articles(request)).find((a) => a.id === article.id)?.title).toBe(second);

    await page.locator('#action-save').click();
    await expect(page.getByText('Updated successfully.')).toBeVisible();
    await expect.poll(async () => (await articles(request)).find((a) => a.id === article.id)?.title, { timeout: 30_000 }).toBe(first);
  } finally {
    await editor.delete('articles', article.id);
  }
});

// Issue 47 #7, DESIGN §7.26: the admin's "Restore this version" on an autosaved draft of a live
// article made it the live document as a draft, and the article left the site.
test('an editor restores an autosaved version with "Restore this version": it becomes the draft and the live page keeps the published article', async ({ page, request }) => {
  test.setTimeout(150_000);
  await withConsent(page);
  const editor = await cmsEditor(request);
  const stamp = Date.now();
  const live = `Tides at noon ${stamp}`;
  const article = await editor.createArticle({ title: live, membershipRequired: 'free', body: 'The published words.' });
  let marker = 0;
  try {
    await expect.poll(async () => (await articles(request)).some((a) => a.id === article.id), { timeout: 30_000 }).toBe(true);
    await cmsSignIn(page);
    // The editor types a new title; autosave keeps it as a draft version.
    await page.goto(`/cms/admin/collections/articles/${article.id}`);
    await page.getByRole('textbox', { name: 'Title' }).fill(`Tides at dusk ${stamp}`);
    await expect.poll(async () => (await editor.versions('articles', article.id, { 'version.title': `Tides at dusk ${stamp}` })).length, { timeout: 30_000 }).toBe(1);
    const [autosaved] = await editor.versions('articles', article.id, { 'version.title': `Tides at dusk ${stamp}` });

    await page.goto(`/cms/admin/collections/articles/${article.id}/versions/${autosaved!.id}`);
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await expect(page.getByText('It becomes the draft: the site keeps showing the published version until you publish.')).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(new RegExp(`/collections/articles/${article.id}$`));
    await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue(`Tides at dusk ${stamp}`);

    expect((await editor.find('articles', article.id))._status).toBe('published');
    // The next content reload and rebuild (another article published) leave the live page as it was.
    marker = (await editor.createArticle({ title: `Another piece ${stamp}`, membershipRequired: 'free', body: 'Published after the restore.' })).id;
    await expect.poll(async () => (await page.request.get(`/articles/${marker}`)).status(), { timeout: 60_000, intervals: [1000] }).toBe(200);
    expect((await articles(request)).find((a) => a.id === article.id)?.title).toBe(live);
    const res = await page.goto(`/articles/${article.id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(live);
    await expect(page.locator('[data-article-body]')).toContainText('The published words.');
  } finally {
    await editor.delete('articles', article.id);
    if (marker) await editor.delete('articles', marker);
  }
});

// Issue 47 #8, DESIGN §7.26: "Create New" saved an empty, untitled draft at once, and every import answered 500 after.
test('an editor opens Create New, waits past the autosave and leaves: no document is left behind, and an import still reads', async ({ page, request }) => {
  test.setTimeout(120_000);
  await cmsEditor(request);
  // Every article the CMS holds, drafts too (as the CMS's admin, signed in on `request`).
  const countAll = async () => {
    const res = await request.get('/cms/api/articles?limit=1&depth=0&draft=true', { headers: { origin: `http://localhost:${E2E_PORT}` } });
    expect(res.ok()).toBe(true);
    return ((await res.json()) as { totalDocs: number }).totalDocs;
  };
  await cmsSignIn(page);
  const before = await countAll();
  await page.goto('/cms/admin/collections/articles/create');
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
  // Twice the autosave interval (2 s), untouched.
  await page.waitForTimeout(4500);
  expect(page.url()).toMatch(/\/collections\/articles\/create$/);
  await page.goto('/cms/admin/collections/articles');
  expect(await countAll()).toBe(before);

  await signIn(page.request, 'Admin', 'Admin-demo-pass');
  const zip = await zipOf({ 'note.md': '---\ntitle: A note to import\ncategory: mindset\n---\n\nA body to read.\n' });
  const res = await page.request.post('/api/admin/articles/upload?dryRun=true', { multipart: { file: { name: 'note.zip', mimeType: 'application/zip', buffer: zip }, onDuplicate: 'skip' } });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { preview: { title: string }[] }).preview.map((p) => p.title)).toContain('A note to import');
});

