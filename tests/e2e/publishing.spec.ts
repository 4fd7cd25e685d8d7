import { expect, test } from './test';

// A new article's page answers 404 until the rebuild publishes it; the polling browser logs that.
test.use({ allowedConsoleErrors: [/status of 404/] });
import { cmsEditor, withConsent } from './fixtures';

test('an editor’s change reaches /api and the static page from the same content version, without a restart', async ({ page, request }) => {
  test.setTimeout(120_000);
  await withConsent(page);
  const editor = await cmsEditor(request);
  const created = await editor.createArticle({ title: `Publishing check ${Date.now()}`, membershipRequired: 'free', body: 'First words.' });
  try {
    const newTitle = `Publishing check, revised ${Date.now()}`;
    await editor.update('articles', created.id, { title: newTitle });

    // The API's read model updates at once; the static page after the debounced rebuild.
    await expect.poll(async () => (await (await request.get(`/api/articles/${created.id}`)).json()).title, { timeout: 10_000 }).toBe(newTitle);
    await expect
      .poll(async () => {
        await page.goto(`/articles/${created.id}`);
        return page.getByRole('heading', { level: 1 }).textContent();
      }, { timeout: 60_000, intervals: [1000] })
      .toBe(newTitle);
    const pageVersion = await page.locator('meta[name="content-version"]').getAttribute('content');
    const { contentVersion } = await (await request.get('/api/health')).json();
    expect(pageVersion).toBe(contentVersion);
  } finally {
    await editor.delete('articles', created.id);
  }
});

test('an editor signs in to the CMS admin at /cms/admin and sees the content collections', async ({ page }) => {
  await page.goto('/cms/admin');
  await page.getByLabel('Email').fill('editor@example.com');
  await page.getByLabel('Password').fill('editor-demo-pass');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/cms\/admin$/);
  for (const name of ['Articles', 'Categories', 'Videos', 'Products', 'Media']) {
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
});
