import { TIERS, tierLabel } from '@app/shared/browser';
import { expect, test } from './test';

// A new article's page answers 404 until the rebuild publishes it; the polling browser logs that.
test.use({ allowedConsoleErrors: [/status of 404/] });
import { articles, cmsEditor, cmsSignIn, withConsent } from './fixtures';

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
  await cmsSignIn(page);
  for (const name of ['Articles', 'Categories', 'Videos', 'Products', 'Media']) {
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
});

test('an editor chooses an article’s tier among the catalogue’s tiers in the CMS admin, and the site reads the new tier', async ({ page, request }) => {
  test.setTimeout(120_000);
  const editor = await cmsEditor(request);
  const created = await editor.createArticle({ title: `Tier choice ${Date.now()}`, membershipRequired: 'free', body: 'Words for members.' });
  try {
    await cmsSignIn(page);
    await page.goto(`/cms/admin/collections/articles/${created.id}`);
    const field = page.locator('#field-membershipRequired');
    await expect(field).toContainText(tierLabel('free'), { timeout: 30_000 });
    await field.click();
    await expect(page.getByRole('option')).toHaveText(TIERS.map((t) => tierLabel(t)));
    await page.getByRole('option', { name: tierLabel('vip'), exact: true }).click();
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await expect(page.getByText('Updated successfully')).toBeVisible();
    await expect.poll(async () => (await articles(request)).find((a) => a.id === created.id)?.membershipRequired, { timeout: 10_000 }).toBe('vip');
  } finally {
    await editor.delete('articles', created.id);
  }
});
